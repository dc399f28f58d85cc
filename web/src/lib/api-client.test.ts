import { describe, expect, it, vi } from 'vitest';
import { messageResponse } from '@inkwell/contract';
import { ApiError, apiRequest } from './api-client';
import { getSession, setSession } from './session';

function stubFetch(status: number, body: unknown) {
  const mock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', mock);
  return mock;
}

describe('apiRequest', () => {
  it('posts JSON same-origin, the session riding in its cookies and never in a header', async () => {
    setSession(7);
    const mock = stubFetch(200, { message: 'ok' });
    await expect(apiRequest('help', { body: { message: 'hi' }, schema: messageResponse })).resolves.toEqual({ message: 'ok' });
    expect(mock).toHaveBeenCalledWith(
      '/api/user/help',
      expect.objectContaining({
        method: 'POST',
        credentials: 'same-origin',
        body: '{"message":"hi"}',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
    const headers = (mock.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers).not.toHaveProperty('token');
  });

  it('turns an error answer into a typed ApiError with field errors', async () => {
    stubFetch(422, { message: 'Invalid.', errors: { email: ['Bad email.'] } });
    const error = await apiRequest('login', { body: {}, schema: messageResponse }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Invalid.' });
    expect((error as ApiError).field('email')).toBe('Bad email.');
  });

  it("keeps a refusal's Retry-After (whole seconds; a date is not read) as the wait it asks for", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Busy.' }), { status: 503, headers: { 'Content-Type': 'application/json', 'Retry-After': '2' } })),
    );
    expect(await apiRequest('like', { body: {}, schema: messageResponse }).catch((e: unknown) => e)).toMatchObject({ status: 503, message: 'Busy.', retryAfter: 2 });
    stubFetch(503, { message: 'Busy.' });
    expect(await apiRequest('like', { body: {}, schema: messageResponse }).catch((e: unknown) => e)).toMatchObject({ status: 503, retryAfter: NaN });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503, headers: { 'Retry-After': 'Thu, 05 Mar 2026 10:00:03 GMT' } })),
    );
    expect(await apiRequest('like', { body: {}, schema: messageResponse }).catch((e: unknown) => e)).toMatchObject({ status: 503, retryAfter: NaN });
  });

  it('clears the session on a 401 of a signed-in call', async () => {
    setSession(7);
    stubFetch(401, { message: 'Unauthenticated.' });
    await expect(apiRequest('profile', { body: { id: 7 }, schema: messageResponse })).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(apiRequest('login', { body: {}, schema: messageResponse })).rejects.toMatchObject({ status: 0 });
  });
});
