// An SMTP server that takes every mail and keeps only a count: the far end of bench/newsletter.ts,
// in a process of its own (on its own core when pinned). GET http://127.0.0.1:<http port>/count answers
// how many it took; it prints "<smtp port> <http port>" once both listen.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

let count = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      count += 1;
      callback();
    });
  },
});
const web = http.createServer((_request, response) => response.end(String(count)));
smtp.listen(0, '127.0.0.1', () => {
  web.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${smtp.server.address().port} ${web.address().port}\n`);
  });
});
