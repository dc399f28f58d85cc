import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { createTestDatabase } from '../test/database.ts';
import { aUser } from '../test/factories.ts';
import { DomainEventBus } from './domain-events.ts';

/**
 * The domain events' bus (ADR 0084) on a real database: what a reaction owes is written in the
 * writer's transaction (a reaction that fails takes the write back with it), and its work starts only
 * once the write committed.
 */
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  const made = await createTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-events-')));
  database = made.database;
  drop = made.drop;
});
afterAll(async () => {
  await database.destroy();
  await drop();
});

/** A write that emits `story.changed` in its transaction and, once committed, says so: resolves to the help request it wrote. */
async function write(events: DomainEventBus, userId: number, message: string): Promise<number> {
  const change = { postId: 1, writerId: userId, kind: 'update' as const };
  const id = await database.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('help_requests')
      .values({ user_id: userId, message, created_at: nowIso(), answer: null, answered_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await events.emit(trx, 'story.changed', change);
    return row.id;
  });
  events.committed('story.changed', change);
  return id;
}

const requests = async (userId: number) => (await database.db.selectFrom('help_requests').select('message').where('user_id', '=', userId).execute()).map((row) => row.message);

describe('the domain events’ bus', () => {
  it('runs each reaction’s owed part in the writing transaction, in the order declared, and starts them once it committed', async () => {
    const user = await aUser(database.db);
    const events = new DomainEventBus();
    const seen: string[] = [];
    events.on('story.changed', {
      owe: async (trx, change) => {
        // Inside the transaction: the write is there to be read, by it only.
        const mine = await trx.selectFrom('help_requests').select('message').where('user_id', '=', change.writerId).execute();
        seen.push(`first owes (sees ${mine.length})`);
      },
      start: () => seen.push('first starts'),
    });
    events.on('story.changed', { owe: async () => void seen.push('second owes') });
    events.on('story.published', { owe: async () => void seen.push('not this one') });
    expect(events.reactionsTo('story.changed')).toBe(2);

    await write(events, user.id, 'Hello');
    expect(seen).toEqual(['first owes (sees 1)', 'second owes', 'first starts']);
    expect(await requests(user.id)).toEqual(['Hello']);
  });

  it('takes the write back when a reaction cannot owe its part, and starts nothing', async () => {
    const user = await aUser(database.db);
    const events = new DomainEventBus();
    const started: number[] = [];
    events.on('story.changed', { owe: async () => undefined, start: (change) => started.push(change.writerId) });
    events.on('story.changed', {
      owe: async () => {
        throw new Error('the delivery could not be owed');
      },
    });
    await expect(write(events, user.id, 'Lost')).rejects.toThrow('the delivery could not be owed');
    expect(await requests(user.id)).toEqual([]);
    expect(started).toEqual([]);
  });

  it('lets a write with no reaction go through', async () => {
    const user = await aUser(database.db);
    await write(new DomainEventBus(), user.id, 'Alone');
    expect(await requests(user.id)).toEqual(['Alone']);
  });
});
