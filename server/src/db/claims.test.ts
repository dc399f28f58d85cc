import { beforeEach, describe, expect, it } from 'vitest';
import { twoProcesses } from '../test/two-processes.ts';
import { backoffMs, claim, claimOne, deferTo, lease, release, renew } from './claims.ts';

/**
 * The one claim of owed work (claims.ts), with two handles on one database as two app processes have:
 * a row is held by one process at a time, free again once its claim lapses or is let go, and a row
 * done (or not pending) is never taken.
 */
const MINUTE = 60_000;

const handles = twoProcesses('claims');
beforeEach(async () => {
  await handles.one.db.deleteFrom('mail_outbox').execute();
  await handles.one.db.deleteFrom('federation_deliveries').execute();
});

async function mails(n: number, status: 'pending' | 'sent' = 'pending'): Promise<number[]> {
  const now = new Date().toISOString();
  const rows = await handles.one.db
    .insertInto('mail_outbox')
    .values(Array.from({ length: n }, (_, i) => ({ to_address: `r${i}@example.com`, subject: 's', text_body: 't', status, next_attempt_at: now, created_at: now })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

const holder = async (id: number) => (await handles.one.db.selectFrom('mail_outbox').select('locked_until').where('id', '=', id).executeTakeFirstOrThrow()).locked_until;

describe('claims of owed work', () => {
  it('gives each row to one process at a time, even when many claim at once', async () => {
    const ids = await mails(10);
    const first = await claim<{ id: number }>(handles.one.db, 'mail_outbox', ids.slice(0, 4), lease(MINUTE));
    expect(first.map((r) => r.id).sort((a, b) => a - b)).toEqual(ids.slice(0, 4));
    // The other process gets only what nobody holds.
    const second = await claim<{ id: number }>(handles.two.db, 'mail_outbox', ids, lease(MINUTE));
    expect(second.map((r) => r.id).sort((a, b) => a - b)).toEqual(ids.slice(4));
    expect(await claimOne(handles.one.db, 'mail_outbox', ids[0]!, lease(MINUTE))).toBe(false);

    // Twelve claims of the same rows at once, from both handles: each row is taken once in all.
    const more = await mails(6);
    const got = await Promise.all(Array.from({ length: 12 }, (_, i) => claim<{ id: number }>((i % 2 ? handles.one : handles.two).db, 'mail_outbox', more, lease(MINUTE))));
    expect(
      got
        .flat()
        .map((r) => r.id)
        .sort((a, b) => a - b),
    ).toEqual(more);
  });

  it('frees a row once its claim lapses (its process died), at once when it is let go, and keeps it from others while renewed', async () => {
    const [dead, closing, alive] = await mails(3);
    // A process that died a minute after claiming for a minute.
    expect(await claimOne(handles.one.db, 'mail_outbox', dead!, lease(MINUTE, Date.now() - 2 * MINUTE))).toBe(true);
    expect(await claimOne(handles.two.db, 'mail_outbox', dead!, lease(MINUTE))).toBe(true);

    const held = lease(MINUTE);
    expect(await claimOne(handles.one.db, 'mail_outbox', closing!, held)).toBe(true);
    await release(handles.two.db, 'mail_outbox', closing!, 'not what it holds'); // only the holder lets go
    expect(await claimOne(handles.two.db, 'mail_outbox', closing!, lease(MINUTE))).toBe(false);
    await release(handles.one.db, 'mail_outbox', closing!, held.until);
    expect(await holder(closing!)).toBeNull();
    expect(await claimOne(handles.two.db, 'mail_outbox', closing!, lease(MINUTE))).toBe(true);

    const mine = lease(MINUTE, Date.now() - 2 * MINUTE);
    expect(await claimOne(handles.one.db, 'mail_outbox', alive!, mine)).toBe(true);
    const later = lease(MINUTE).until;
    expect(await renew(handles.one.db, 'mail_outbox', alive!, mine.until, later)).toBe(true);
    expect(await claimOne(handles.two.db, 'mail_outbox', alive!, lease(MINUTE))).toBe(false);
    // A renewal by one who no longer holds it (another took it over meanwhile) fails.
    expect(await renew(handles.two.db, 'mail_outbox', alive!, mine.until, lease(2 * MINUTE).until)).toBe(false);
    expect(await holder(alive!)).toBe(later);
  });

  it('never takes a row that is done, and a deferred row only once its time came', async () => {
    const [sent] = await mails(1, 'sent');
    expect(await claimOne(handles.one.db, 'mail_outbox', sent!, lease(MINUTE))).toBe(false);
    const [failed] = await mails(1);
    expect(await claimOne(handles.one.db, 'mail_outbox', failed!, lease(MINUTE))).toBe(true);
    await deferTo(handles.one.db, 'mail_outbox', failed!, lease(5 * MINUTE).until);
    expect(await claimOne(handles.two.db, 'mail_outbox', failed!, lease(MINUTE))).toBe(false);
    expect(await claimOne(handles.two.db, 'mail_outbox', failed!, lease(MINUTE, Date.now() + 6 * MINUTE))).toBe(true);
    expect(await claim(handles.one.db, 'mail_outbox', [], lease(MINUTE))).toEqual([]);
  });

  it('claims the rows a query selects, and answers the columns asked for', async () => {
    const now = new Date().toISOString();
    await handles.one.db
      .insertInto('federation_deliveries')
      .values([
        { post_id: 7, writer_id: 1, kind: 'create', created_at: now },
        { post_id: 8, writer_id: 1, kind: 'update', created_at: now },
      ])
      .execute();
    const oldest = handles.one.db.selectFrom('federation_deliveries').select('id').where('kind', '=', 'update').limit(1);
    const [row, ...rest] = await claim<{ id: number; post_id: number; kind: string }>(handles.one.db, 'federation_deliveries', oldest, lease(MINUTE), ['id', 'post_id', 'kind']);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ post_id: 8, kind: 'update' });
    expect(await claim(handles.two.db, 'federation_deliveries', oldest, lease(MINUTE))).toEqual([]);
  });
});

describe('backoff', () => {
  it('doubles the wait after each failed attempt, up to its most', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffMs(n, 1000, 10_000))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(backoffMs(0, 1000, 10_000)).toBe(1000);
    expect(backoffMs(3, 0, 0)).toBe(0);
  });
});
