import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../mail/transport.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, type TestUser, aUser, signIn } from '../test/factories.ts';
import { TestSmtpServer, linkFromMail } from '../test/smtp.ts';
import { readImportCsv } from './subscribers-import.ts';
import { addSubscribers } from './testing.ts';

/**
 * A writer imports a list from elsewhere (issue 29), on SQLite and PostgreSQL, through a real SMTP
 * server: the CSV exports of other services read, addresses that attest consent added at once, the
 * others asked to confirm by mail (within the day's allowance, refused whole past it), and nobody who
 * left put back.
 */
describe('reading a CSV', () => {
  it('finds the email column of Substack, Mailchimp and Ghost exports, quoted cells, a BOM and semicolons', () => {
    const substack =
      'email,active_subscription,expiry,plan,email_disabled,created_at\r\nAda@Example.com,true,,free,false,2024-01-02\r\nbob@example.com,false,,free,false,2024-01-03\r\n';
    expect(readImportCsv(substack, 100).emails).toEqual([
      { line: 2, email: 'ada@example.com' },
      { line: 3, email: 'bob@example.com' },
    ]);
    const mailchimp = '\uFEFF"Email Address","First Name","Last Name"\n"cy@example.com","Cy","Smith, Jr."\n';
    expect(readImportCsv(mailchimp, 100).emails).toEqual([{ line: 2, email: 'cy@example.com' }]);
    const ghost = 'id,email,name,note\n1,dee@example.com,"Dee ""D"" Day","line one\nline two"\n2,eve@example.com,Eve,\n';
    expect(readImportCsv(ghost, 100).emails.map((e) => e.email)).toEqual(['dee@example.com', 'eve@example.com']);
    expect(readImportCsv('E-Mail;Name\nfay@example.com;Fay\n', 100).emails.map((e) => e.email)).toEqual(['fay@example.com']);
  });

  it('takes a bare list of addresses, and names each line it could not read', () => {
    const read = readImportCsv('gus@example.com\n\nnot an address\nhal@example.com\n=cmd()\n', 100);
    expect(read.emails.map((e) => e.email)).toEqual(['gus@example.com', 'hal@example.com']);
    expect(read.invalid).toEqual([
      { line: 3, value: 'not an address' },
      { line: 5, value: '=cmd()' },
    ]);
    expect(read.invalidCount).toBe(2);
  });

  it('refuses a file it cannot read, one without an email column, and one over the row limit, saying why', () => {
    const reason = (csv: string, max = 100) => {
      try {
        readImportCsv(csv, max);
      } catch (err) {
        return (err as { errors?: Record<string, string[]> }).errors?.csv?.[0];
      }
      return undefined;
    };
    expect(reason('email\n"unclosed@example.com\n')).toMatch(/^The file could not be read as CSV/);
    expect(reason('name,phone\nAda,123\n')).toBe('No column named email was found: name the column of addresses "email".');
    expect(reason('email\na@example.com\nb@example.com\nc@example.com\n', 2)).toBe('The file may hold at most 2 addresses; split it in parts.');
  });
});

const smtp = new TestSmtpServer();
let t: TestApp;

beforeAll(async () => {
  await smtp.start();
  t = await buildTestApp({ transport: smtpTransport(smtp.url), config: { newsletterImport: { maxRows: 50, confirmationsPerDay: 5 } } });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const importCsv = (session: Session, csv: string, consent?: boolean, userId = session.id) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/newsletter/subscribers/import',
    payload: { user_id: userId, csv, ...(consent === undefined ? {} : { consent }) },
    headers: session.headers,
  });
const list = async (writer: number) =>
  Object.fromEntries(
    (await t.db.selectFrom('newsletter_subscribers').select(['email', 'status', 'source']).where('writer_id', '=', writer).execute()).map((r) => [
      r.email,
      `${r.status}/${r.source}`,
    ]),
  );
async function inbox(to: string) {
  await t.app.outbox.drain();
  return smtp.received.filter((m) => m.to.includes(to));
}

describe('importing', () => {
  let writer: TestUser;
  let session: Session;
  beforeAll(async () => {
    writer = await aUser(t.db, { name: 'Iris Importer', email: 'iris@inkwell.test' });
    session = await signIn(t.app, writer);
    await addSubscribers(t.db, writer.id, ['kept@example.com']);
    await addSubscribers(t.db, writer.id, ['left@example.com'], 'unsubscribed');
    await addSubscribers(t.db, writer.id, ['bounced@example.com'], 'suppressed');
  });

  it('with consent: added as subscribed at once, no mail; on the list, left or bounced before, and the writer: untouched', async () => {
    const csv =
      'email,name\nnew1@example.com,N\nNEW2@example.com,M\nnew1@example.com,dup\nkept@example.com,K\nleft@example.com,L\nbounced@example.com,B\niris@inkwell.test,me\nnope,\n';
    const res = await importCsv(session, csv, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message:
        '2 addresses were added to your list; 1 was on your list already, 3 were skipped (unsubscribed or bounced before, your own, or mailed too often today), 1 line could not be read.',
      added: 2,
      asked: 0,
      already: 1,
      skipped: 3,
      invalid_count: 1,
      invalid: [{ line: 9, value: 'nope' }],
    });
    expect(await list(writer.id)).toEqual({
      'kept@example.com': 'confirmed/profile',
      'left@example.com': 'unsubscribed/profile',
      'bounced@example.com': 'suppressed/profile',
      'new1@example.com': 'confirmed/import',
      'new2@example.com': 'confirmed/import',
    });
    expect(await inbox('new1@example.com')).toHaveLength(0);
  });

  it('without consent: each new address gets a confirmation mail saying it was imported, and is on the list once it confirms', async () => {
    const res = await importCsv(session, 'asked1@example.com\nasked2@example.com\n');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ added: 0, asked: 2, message: '2 confirmation mails are on the way.' });
    expect((await list(writer.id))['asked1@example.com']).toBe('pending/import');
    const [mail, ...more] = await inbox('asked1@example.com');
    expect(more).toHaveLength(0);
    expect(mail!.raw.replace(/=\r?\n/g, '')).toContain('Iris Importer moved their newsletter to Inkwell and added this address');
    const token = new URL(linkFromMail(mail!.raw)!).searchParams.get('token')!;
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/user/newsletter/confirm', payload: { token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await list(writer.id))['asked1@example.com']).toBe('confirmed/import');
  });

  it("past the day's allowance of confirmation mails the whole file is refused, and nothing is written or mailed", async () => {
    const csv = Array.from({ length: 4 }, (_, i) => `over${i}@example.com`).join('\n');
    const res = await importCsv(session, csv);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.csv).toEqual(['This file would send 4 confirmation mails, and your imports may send 3 more today. Import fewer addresses, or come back tomorrow.']);
    expect(Object.keys(await list(writer.id)).filter((e) => e.startsWith('over'))).toEqual([]);
    expect(await inbox('over0@example.com')).toHaveLength(0);
    // With consent no mail goes, so no allowance applies.
    expect((await importCsv(session, csv, true)).json()).toMatchObject({ added: 4 });
  });

  it('refuses a bad file with a 422 that names the field, and another member cannot import into this list', async () => {
    const empty = await importCsv(session, '   ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.csv).toEqual(['The csv field is required.']);
    const tooMany = await importCsv(session, Array.from({ length: 51 }, (_, i) => `m${i}@example.com`).join('\n'), true);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.csv).toEqual(['The file may hold at most 50 addresses; split it in parts.']);

    const nothing = await importCsv(session, 'kept@example.com\n', true);
    expect(nothing.json().message).toBe('Nothing new to add; 1 was on your list already.');

    const other = await signIn(t.app, await aUser(t.db));
    const theirs = await importCsv(other, 'sneak@example.com', true, writer.id);
    expect(theirs.statusCode).toBe(403);
    expect((await list(writer.id))['sneak@example.com']).toBeUndefined();
  });
});
