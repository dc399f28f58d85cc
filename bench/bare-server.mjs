// The baseline: a bare Node http server answering a fixed JSON body of the given size.
import http from 'node:http';

const [port, size] = process.argv.slice(2).map(Number);
const body = Buffer.from(JSON.stringify({ data: 'x'.repeat(Math.max(0, size - 12)) }));
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  })
  .listen(port, '127.0.0.1');
