import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

const listening = new WeakMap<FastifyInstance, Promise<number>>();

/**
 * A GET to a streaming route (Server-Sent Events) over real HTTP, as inject() would wait for ever on an
 * answer that never ends: the status, the headers and the body (an open stream's first chunk; it is then
 * closed). Listens the app on a free port the first time.
 */
export async function callStream(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
): Promise<{ statusCode: number; headers: http.IncomingHttpHeaders; body: string }> {
  let port = listening.get(app);
  if (!port) {
    port = app.listen({ port: 0, host: '127.0.0.1' }).then(() => (app.server.address() as AddressInfo).port);
    listening.set(app, port);
  }
  const target = await port;
  // What inject() would take as it is, http.request refuses unescaped: escape it the way a client would.
  const path = url.replace(/[^\x21-\x7e]/g, (ch) => encodeURIComponent(ch));
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: target, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        if (res.statusCode === 200) {
          req.destroy();
          resolve({ statusCode: 200, headers: res.headers, body });
        }
      });
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
