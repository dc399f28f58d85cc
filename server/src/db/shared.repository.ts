import { randomBytes } from 'node:crypto';
import { type CommenterStanding, type CommentsFrom, mayComment } from '@inkwell/contract';
import { type Kysely, type NotNull, type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import { type Database, nowIso } from './database.ts';
import type { DB, UsersTable } from './schema.ts';

/**
 * The one predicate of a row of `users` that is a member of this server, not an account elsewhere
 * (ADR 0080, 0083): a query that means members (to sign in, mail, pick, search, count) says it, with
 * the table's alias when it has one; one that means actors (a comment's author, a follower) does not.
 */
export const member = (alias?: string): string => `${alias ? `${alias}.` : ''}domain IS NULL`;

/** The same predicate for a Kysely query: `.where(isMember('u'))`. */
export const isMember = (alias?: string): RawBuilder<SqlBool> => sql<SqlBool>`${sql.raw(member(alias))}`;

/**
 * Whether the actor (the row of users aliased `actor`) is limited by the moderators (ADR 0111) and the
 * one to be told (`recipient`, a column or a parameter) does not follow it: what it does is not told
 * to them, as Mastodon filters a limited account's notifications. 1/true or 0/false.
 */
export const unheardBy = (recipient: RawBuilder<unknown>): RawBuilder<number | boolean> =>
  sql<number | boolean>`(actor.limited_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM follows heard WHERE heard.follower_id = ${recipient} AND heard.following_id = actor.id))`;

/**
 * Takes the limit off these accounts' rows (`users.limited_at`, ADRs 0111 and 0112) but for those still
 * limited another way: by an action of their own in force, or (an account elsewhere) by a block of
 * severity `silence` of its host or a domain above it. The one way a limit ends on the reading side,
 * whichever of the two ended.
 */
export async function releaseLimits(db: Kysely<DB>, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .updateTable('users')
      .set({ limited_at: null })
      .where('id', 'in', ids.slice(i, i + 500))
      .where((eb) =>
        eb.not(
          eb.or([
            eb.exists(
              eb
                .selectFrom('moderation_actions')
                .select('moderation_actions.id')
                .whereRef('moderation_actions.subject_id', '=', 'users.id')
                .where('moderation_actions.kind', '=', 'limit')
                .where('moderation_actions.lifted_at', 'is', null),
            ),
            eb.exists(
              eb
                .selectFrom('federation_domain_blocks as b')
                .select('b.domain')
                .where('b.severity', '=', 'silence')
                .where(
                  sql<SqlBool>`(users.domain = b.domain OR users.domain LIKE '%.' || b.domain OR users.domain LIKE b.domain || ':%' OR users.domain LIKE '%.' || b.domain || ':%')`,
                ),
            ),
          ]),
        ),
      )
      .execute();
  }
}

/**
 * A member always has an address: only an account elsewhere goes without (migration 0045's CHECK).
 * A query that keeps members only says so to the type too: `.where(isMember()).$narrowType<MemberAddress>()`.
 */
export type MemberAddress = { email: NotNull; email_normalized: NotNull };

/** A member's whole row of `users`, its address known. */
export type MemberRow = Selectable<UsersTable> & { email: string; email_normalized: string };

/**
 * What a post card says of a story of an account elsewhere (null columns for a member's post), from
 * the post `p` and its author's row of users `u` (post-card.ts reads them).
 */
export const cardElsewhere = (p: string, u: string): string =>
  `${p}.url AS story_url, ${u}.domain AS author_domain, ${u}.handle AS author_handle, ${u}.icon_url AS author_icon, ${u}.url AS author_url`;

/** The NOTIFY channel on which app servers tell each other that something was written. */
export const WRITES_CHANNEL = 'inkwell_writes';

/** Raises the write epoch by one (after a write has committed). */
export async function raiseWriteEpoch(db: Kysely<DB>): Promise<void> {
  await db
    .updateTable('write_epoch')
    .set((eb) => ({ n: eb('n', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

/** SQLite: the write epoch as committed now, read without a promise (undefined before migrations). */
export function writeEpochNow(database: Database): number | undefined {
  return database.readNow?.<{ n: number }>('select n from write_epoch where id = 1', [])?.n;
}

/** PostgreSQL: tells every listening app server that `origin` wrote (delivered at once: no transaction here). */
export async function notifyWrite(db: Kysely<DB>, origin: string): Promise<void> {
  await sql`select pg_notify(${WRITES_CHANNEL}, ${origin})`.execute(db);
}

/**
 * Takes (or keeps) the lease `name` for `holder` until `until` when it is free, expired, or already
 * the holder's, in one statement; true when the holder has it now.
 */
export async function takeLease(db: Kysely<DB>, name: string, holder: string, now: string, until: string): Promise<boolean> {
  const row = await db
    .insertInto('leases')
    .values({ name, holder, expires_at: until })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: until })
        .where((eb) => eb.or([eb('leases.expires_at', '<=', now), eb('leases.holder', '=', holder)])),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

/**
 * A secret the app keeps for itself, made once by whichever app server asks first (they all read the
 * same row afterwards): `make` is only called when there is none yet.
 */
export async function appKey(db: Kysely<DB>, name: string, make: () => string, now: string): Promise<string> {
  const existing = await db.selectFrom('app_keys').select('value').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('app_keys')
    .values({ name, value: make(), created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_keys').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/**
 * A 32-byte secret of the app's own (`appKey` under `name`), read once and then kept: the getter it
 * returns forgets a failed read, so the next call asks again.
 */
export function appSecret(db: Kysely<DB>, name: string): () => Promise<Buffer> {
  let key: Promise<Buffer> | undefined;
  return () =>
    (key ??= appKey(db, name, () => randomBytes(32).toString('base64url'), nowIso())
      .then((value) => Buffer.from(value, 'base64url'))
      .catch((err: unknown) => {
        key = undefined;
        throw err;
      }));
}

/** Hides an account everywhere (every list, page and the fediverse) and ends its sessions: a member's own deactivation, and a suspension's effect (ADR 0096). */
export async function deactivateAccount(db: Kysely<DB>, userId: number, now: string): Promise<void> {
  await db.updateTable('users').set({ deactivated_at: now, updated_at: now }).where('id', '=', userId).execute();
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Brings a deactivated account back (its owner signed in again, or its suspension ended); true when it was deactivated. */
export async function reactivateAccount(db: Kysely<DB>, userId: number, now: string): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ deactivated_at: null, updated_at: now })
    .where('id', '=', userId)
    .where('deactivated_at', 'is not', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The moderators' action of a kind in force on the account (issue 47), if any: until when (null: until lifted) and their reasons. */
function accountActionOf(db: Kysely<DB>, userId: number, kind: 'suspend' | 'no-comments') {
  return db
    .selectFrom('moderation_actions')
    .select(['ends_at', 'reason'])
    .where('target_kind', '=', 'account')
    .where('target_id', '=', userId)
    .where('kind', '=', kind)
    .where('lifted_at', 'is', null)
    .executeTakeFirst();
}

/** The suspension in force on the account (ADR 0096), if any. */
export const suspensionOf = (db: Kysely<DB>, userId: number) => accountActionOf(db, userId, 'suspend');

/** The moderators' stop on the account's comments and replies in force (ADR 0101), if any. */
export const commentStopOf = (db: Kysely<DB>, userId: number) => accountActionOf(db, userId, 'no-comments');

/**
 * Whether the account — or the writer of the post — is suspended now (issue 47, ADR 0096): what was there
 * answers 410 Gone rather than 404. Asked only once the thing was not found.
 */
export async function isSuspended(db: Kysely<DB>, by: { userId: number } | { postId: number }): Promise<boolean> {
  const subject = 'userId' in by ? by.userId : (await db.selectFrom('posts').select('user_id').where('id', '=', by.postId).executeTakeFirst())?.user_id;
  return subject !== undefined && (await suspensionOf(db, subject)) !== undefined;
}

/** The terms the moderators watch, of these kinds (ADR 0104): social screens a writing with them, auth a sign-up. */
export function watchedTermsOf(db: Kysely<DB>, kinds: ReadonlyArray<'word' | 'link-domain' | 'email-domain'>) {
  return db.selectFrom('watched_terms').select(['kind', 'term', 'action']).where('kind', 'in', kinds).execute();
}

/** How many of the account's held writings the moderators let through (ADR 0099: a held case decided `none`): its trust (ADR 0104). */
export async function approvedHeldCount(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('cases')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('subject_id', '=', userId)
    .where('held_for', 'is not', null)
    .where('decision', '=', 'none')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A member's staff role, with how they are named in the audit log (the console's gate, ADR 0105); undefined for a reader. */
export function staffRoleOf(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('member_roles as m')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['r.name', 'r.priority', 'r.permissions', 'u.name as member_name', 'u.email'])
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Whether the story's writer lets this account comment on it (ADRs 0115, 0116): not when the writer
 * banned it from their stories; else anyone, their followers, their newsletter's subscribers, or nobody
 * but the writer (the contract's `mayComment`). Where the account stands is one read, made for
 * anyone but the writer, and not at all when the story is open to nobody.
 */
export async function welcomedOn(db: Kysely<DB>, story: { user_id: number; comments_from: CommentsFrom }, actorId: number): Promise<boolean> {
  return mayComment(story.comments_from, await commenterStanding(db, story, actorId));
}

/**
 * Where one who would comment stands with a story's writer: the writer, banned by them (ADR 0116),
 * following them (a member or an account elsewhere: one graph), a confirmed subscriber of their
 * newsletter by its account (`member_id`, or its address). One read; none for the writer, nor on a
 * story open to nobody.
 */
export async function commenterStanding(db: Kysely<DB>, story: { user_id: number; comments_from: CommentsFrom }, actorId: number): Promise<CommenterStanding> {
  const writerId = story.user_id;
  const none = { writer: writerId === actorId, banned: false, follows: false, subscribed: false };
  if (none.writer || story.comments_from === 'nobody') return none;
  const row = await db
    .selectFrom('users as actor')
    .select([
      sql<number | boolean>`EXISTS (SELECT 1 FROM comment_bans b WHERE b.writer_id = ${writerId} AND b.reader_id = actor.id)`.as('banned'),
      sql<number | boolean>`EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = actor.id AND f.following_id = ${writerId})`.as('follows'),
      sql<number | boolean>`EXISTS (SELECT 1 FROM newsletter_subscribers s WHERE s.writer_id = ${writerId} AND s.status = 'confirmed'
        AND (s.member_id = actor.id OR s.email = lower(trim(actor.email))))`.as('subscribed'),
    ])
    .where('actor.id', '=', actorId)
    .executeTakeFirst();
  const yes = (value: number | boolean | undefined) => Boolean(Number(value ?? 0));
  return { ...none, banned: yes(row?.banned), follows: yes(row?.follows), subscribed: yes(row?.subscribed) };
}
