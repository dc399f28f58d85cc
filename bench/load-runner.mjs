// The load generator of the HTTP benchmarks, in a process of its own: autocannon with the options given
// as JSON in argv[2], its figures printed as JSON on stdout. Run apart from the benchmark's own process
// (which holds database clients, seeds and results), its latencies are the server's, not those of a
// load generator pausing for another heap's garbage collection.
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

// autocannon keeps every response body as a string (`req.body += chunk`, lib/pipelinedRequestsQueue.js)
// for options this runner never passes (expectBody, verifyBody). Decoding a compressed page's 12 KB of
// binary as UTF-8 cost the load generator ~200 µs per answer: it, not the server, held the rendered pages'
// rows at about 4 500 requests/s (an 'x'-filled body of the same size: 35 000). The bodies are dropped
// here; their bytes are still counted.
const PipelinedRequestsQueue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js');
PipelinedRequestsQueue.prototype.addBody = function dropBody() {};

const options = JSON.parse(process.argv[2]);
// `paths`: each request asks the next of them (from a random start, so that a run does not begin where
// the previous one did), for pages that are not kept for the reader.
if (options.paths) {
  const { paths } = options;
  let next = Math.floor(Math.random() * paths.length);
  options.requests = [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }];
  delete options.paths;
}
const result = await autocannon(options);
process.stdout.write(
  JSON.stringify({
    average: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count])),
  }),
);
