// The load generator of the HTTP benchmarks, in a process of its own: autocannon with the options given
// as JSON in argv[2], its figures printed as JSON on stdout. Run apart from the benchmark's own process
// (which holds database clients, seeds and results), its latencies are the server's, not those of a
// load generator pausing for another heap's garbage collection.
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]);
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
