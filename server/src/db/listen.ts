import pg from 'pg';

interface Logger {
  warn(obj: object, msg: string): void;
}

export interface Listener {
  stop(): Promise<void>;
}

/**
 * PostgreSQL's LISTEN on a connection of its own (not the pool's): every payload NOTIFY sends on the
 * channel, from any app server, once committed. After a lost connection it reconnects (1 s doubling
 * to 30 s) and calls onReconnect, since whatever was sent meanwhile was missed.
 */
export function listenOnPostgres(databaseUrl: string, channel: string, handlers: { onPayload(payload: string | undefined): void; onReconnect(): void }, log: Logger): Listener {
  let client: pg.Client | undefined;
  let stopped = false;
  let delay = 1000;
  let timer: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: databaseUrl });
    client = c;
    c.on('notification', (message) => {
      if (message.channel === channel) handlers.onPayload(message.payload);
    });
    c.on('error', (err) => retry(c, err));
    c.on('end', () => retry(c, new Error('connection ended')));
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (stopped) return void c.end().catch(() => {});
      if (delay > 1000) handlers.onReconnect();
      delay = 1000;
    } catch (err) {
      retry(c, err as Error);
    }
  };
  const retry = (c: pg.Client, err: Error) => {
    if (stopped || client !== c || timer) return;
    log.warn({ err: err.message, channel }, 'listener lost its connection; reconnecting');
    client = undefined;
    c.end().catch(() => {});
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, 30_000);
  };
  void connect();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
