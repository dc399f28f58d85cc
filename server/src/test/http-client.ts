/**
 * A fetch that waits out overload as a well-behaved client does: on 503 with Retry-After it sleeps that
 * many seconds and asks again, up to `tries` times. A busy machine (a fresh database's first writes,
 * password hashes, Chromium, other files' servers) may trip the server's overload guard, and 503 is then
 * its right answer. Used by the benchmark's setup and the browser journeys' API calls.
 */
export async function fetchPatiently(send: () => Promise<Response>, tries = 10): Promise<Response> {
  let response = await send();
  for (let tried = 0; response.status === 503 && response.headers.has('retry-after') && tried < tries; tried += 1) {
    await response.arrayBuffer();
    await new Promise((r) => setTimeout(r, 1000 * Number(response.headers.get('retry-after') ?? 1)));
    response = await send();
  }
  return response;
}
