/**
 * A local S3-protocol server (s3rver) for the tests, in a process of its own: s3rver makes its list
 * continuation tokens with DES, which only OpenSSL's legacy provider has (node
 * --openssl-legacy-provider); the test processes do not load it. test/s3.ts starts this.
 *
 *   node --openssl-legacy-provider s3rver-process.mjs <directory> <bucket>
 *
 * Prints {"port": n} once it listens; stops on SIGTERM or when its parent goes (stdin closes).
 */
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  server.close().finally(() => process.exit(0));
}
process.on('SIGTERM', stop);
process.stdin.on('end', stop).on('error', stop).resume();
