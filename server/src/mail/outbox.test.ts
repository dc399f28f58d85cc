import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { PASSWORD } from '../test/factories.ts';
import { TestSmtpServer, linkFromMail } from '../test/smtp.ts';
import { smtpTransport } from './transport.ts';

let t: TestApp | undefined;
const smtp = new TestSmtpServer();
afterEach(async () => {
  await t?.close();
  t = undefined;
  await smtp.stop();
});

const register = (app: TestApp['app'], email: string) =>
  app.inject({ method: 'POST', url: '/api/user/register', payload: { email, password: PASSWORD, password_confirmation: PASSWORD } });

const outboxRow = (to: string) => t!.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).executeTakeFirstOrThrow();

describe('mail outbox over real SMTP', () => {
  it('delivers the verification mail whose link verifies the address', async () => {
    await smtp.start(0);
    t = await buildTestApp({ transport: smtpTransport(smtp.url) });
    const email = 'smtp-reader@example.com';
    expect((await register(t.app, email)).statusCode).toBe(201);
    await t.app.outbox.drain();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual([email]);
    expect(smtp.received[0]!.raw).toMatch(/Subject: Verify your email for Inkwell/);
    const link = linkFromMail(smtp.received[0]!.raw)!;
    const res = await t.app.inject({ method: 'GET', url: link.replace(t.config.publicUrl, '') });
    expect(new URL(res.headers.location as string, 'http://x').searchParams.get('success')).toBe('true');
    expect((await outboxRow(email)).status).toBe('sent');
  });

  it('keeps the mail while the SMTP server is down and sends it once when it is back', async () => {
    const port = await smtp.start(0);
    await smtp.stop();
    // A backoff long enough that "not due yet" holds on a slow machine, short enough to wait out.
    t = await buildTestApp({
      transport: smtpTransport(`smtp://127.0.0.1:${port}`),
      config: { mail: { baseBackoffMs: 500, maxBackoffMs: 500 } },
    });
    const email = 'patient@example.com';
    expect((await register(t.app, email)).statusCode).toBe(201);
    await t.app.outbox.drain();
    let row = await outboxRow(email);
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toBeTruthy();

    // Not due again before its backoff.
    await t.app.outbox.drain();
    expect((await outboxRow(email)).attempts).toBe(1);

    await smtp.start(port);
    await new Promise((r) => setTimeout(r, 600));
    await t.app.outbox.drain();
    await t.app.outbox.drain();
    row = await outboxRow(email);
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(2);
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('gives up after the last attempt and marks the mail failed', async () => {
    const port = await smtp.start(0);
    await smtp.stop();
    t = await buildTestApp({
      transport: smtpTransport(`smtp://127.0.0.1:${port}`),
      config: { mail: { maxAttempts: 2, baseBackoffMs: 1, maxBackoffMs: 1 } },
    });
    const email = 'lost@example.com';
    await register(t.app, email);
    await t.app.outbox.drain();
    await new Promise((r) => setTimeout(r, 10));
    await t.app.outbox.drain();
    const row = await outboxRow(email);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(2);
  });

  it('writes nothing for a registration that fails validation', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'POST', url: '/api/user/register', payload: { email: 'x@example.com', password: 'weak', password_confirmation: 'weak' } });
    expect(res.json().errors.password[0]).toContain('at least 6');
    const rows = await t.db.selectFrom('mail_outbox').selectAll().execute();
    expect(rows).toHaveLength(0);
  });
});
