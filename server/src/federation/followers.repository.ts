import type { Kysely, NotNull } from 'kysely';
import type { DB } from '../db/schema.ts';
import { anyLimiting, anyRefusing } from './domain-blocks.repository.ts';
import { domainsAbove } from '../lib/domain-names.ts';

/** The SQL of remote actors and their follows (migration 0030, ADR 0068). */

/** What is kept of an account elsewhere, as read from its actor (remote-actor.ts checks each part). */
export interface RemoteActorFields {
  uri: string;
  inbox: string;
  shared_inbox: string | null;
  /** `@name@host`. */
  handle: string;
  name: string | null;
  icon_url: string | null;
  /** Its profile page. */
  url: string | null;
}

export interface RemoteFollowerRow {
  /** The follower's row of users: the collection's cursor. */
  id: number;
  uri: string;
  inbox: string;
  shared_inbox: string | null;
}

/**
 * Writes the actor as just read as a row of `users` (an account elsewhere: ADR 0083; a new row, or the
 * one with its URI, ap_id, brought up to date); resolves to its id (`userId`: what follows, blocks,
 * comments, likes and notifications name). remote_actors is no longer written (the fold, step 6).
 */
export async function saveRemoteActor(db: Kysely<DB>, actor: RemoteActorFields, now: string): Promise<{ userId: number; iconUrl: string | null }> {
  // A server whose media are refused (or suspended) has no picture of its accounts kept (ADR 0108).
  const above = domainsAbove(new URL(actor.uri).hostname);
  const iconUrl = actor.icon_url && !(await anyRefusing(db, above, 'reject_media')) ? actor.icon_url : null;
  // An account first met on a server that is limited is limited with it (ADR 0112).
  const limitedAt = (await anyLimiting(db, above)) ? now : null;
  return { userId: await saveActorUser(db, { ...actor, icon_url: iconUrl }, now, limitedAt), iconUrl };
}

async function saveActorUser(db: Kysely<DB>, actor: RemoteActorFields, now: string, limitedAt: string | null): Promise<number> {
  const seen = {
    name: actor.name,
    domain: new URL(actor.uri).host,
    handle: actor.handle,
    inbox: actor.inbox,
    shared_inbox: actor.shared_inbox,
    url: actor.url,
    icon_url: actor.icon_url,
    fetched_at: now,
    updated_at: now,
  };
  const row = await db
    .insertInto('users')
    // No address, and no mail of any kind (a CHECK lets only an account elsewhere go without an address).
    .values({
      ...seen,
      ap_id: actor.uri,
      email: null,
      email_normalized: null,
      notify_like: 0,
      notify_comment: 0,
      notify_follow: 0,
      notify_help: 0,
      limited_at: limitedAt,
      created_at: now,
    })
    .onConflict((oc) => oc.column('ap_id').doUpdateSet(seen))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The members the account follows by the Follow `followUri` (an Undo of an older Follow, since replaced by a newer one, finds none). */
export async function membersFollowedBy(db: Kysely<DB>, accountId: number, followUri: string): Promise<number[]> {
  const rows = await db.selectFrom('follows').select('following_id').where('follower_id', '=', accountId).where('activity_id', '=', followUri).execute();
  return rows.map((row) => row.following_id);
}

/** The follows of the member by accounts elsewhere: their rows of users, with the follow's key. */
function followersElsewhere(db: Kysely<DB>, userId: number) {
  return db.selectFrom('follows as f').innerJoin('users as u', 'u.id', 'f.follower_id').where('f.following_id', '=', userId).where('u.domain', 'is not', null);
}

/**
 * The member's followers elsewhere, in the order of their rows of users, with the addresses to deliver
 * to: every one, or with `page` those after the account `page.after` (0: from the start), `page.limit` at most.
 */
export async function listRemoteFollowers(db: Kysely<DB>, userId: number, page?: { after: number; limit: number }): Promise<RemoteFollowerRow[]> {
  return followersElsewhere(db, userId)
    .select(['f.follower_id as id', 'u.ap_id as uri', 'u.inbox', 'u.shared_inbox'])
    .$narrowType<{ uri: NotNull; inbox: NotNull }>()
    .$if(page !== undefined, (q) => q.where('f.follower_id', '>', page!.after).limit(page!.limit))
    .orderBy('f.follower_id')
    .execute();
}

export async function countRemoteFollowers(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await followersElsewhere(db, userId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An account elsewhere's addresses, by its row of users (undefined for a member's row). */
export async function findAccountAddress(db: Kysely<DB>, accountId: number) {
  return db
    .selectFrom('users')
    .select(['ap_id as uri', 'inbox', 'shared_inbox'])
    .where('id', '=', accountId)
    .where('domain', 'is not', null)
    .$narrowType<{ uri: NotNull; inbox: NotNull }>()
    .executeTakeFirst();
}
