import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { RemoteCommentsTable } from '../db/schema/federation.ts';

/** The SQL of replies from the fediverse shown as comments (migration 0035, ADR 0073). */

/** What a reply may answer: the row of a kept reply, with its story. */
export interface AnsweredComment {
  id: number;
  post_id: number;
  thread_id: number | null;
}

/** A row a new reply answers: with its member, when a member wrote it (they are told of the answer). */
export interface AnsweredRow extends AnsweredComment {
  user_id: number | null;
}

/** A reply as the post page shows it: the row, its author (an account elsewhere or a member). */
export interface RemoteCommentRow {
  id: number;
  thread_id: number | null;
  reply_to_id: number | null;
  body: string;
  url: string | null;
  created_at: string;
  updated_at: string;
  actor_id: number | null;
  handle: string | null;
  name: string | null;
  icon_url: string | null;
  actor_url: string | null;
  user_id: number | null;
  user_name: string | null;
  user_picture: string | null;
}

/** The most a story's page lists (as its members' comments). */
export const REMOTE_COMMENTS_SHOWN = 500;

async function countComments(trx: Kysely<DB>, postId: number, delta: number): Promise<void> {
  await trx
    .updateTable('posts')
    .set((eb) => ({ comments_count: eb('comments_count', '+', delta) }))
    .where('id', '=', postId)
    .execute();
}

/** A remote account a member's answer is addressed to: where to deliver it and how to mention it. */
export interface Addressee {
  uri: string;
  inbox: string;
  shared_inbox: string | null;
  handle: string;
  url: string | null;
}

/** A member's answer as its Note says it: the answer, what it answers, whom it is to. */
export interface AnswerRow {
  id: number;
  post_id: number;
  user_id: number;
  thread_id: number;
  body: string;
  created_at: string;
  updated_at: string;
  /** The Note it answers (a reply from the fediverse's, or one of ours). */
  in_reply_to: string | null;
  in_reply_to_id: number | null;
  /** The account that wrote the reply it answers, when one elsewhere did (it is mentioned). */
  answered_actor: string | null;
}

/** A row of the fediverse replies: by its id (one of the story `postId`'s, when given), or a kept reply by its Note's id. */
export function findComment(db: Kysely<DB>, by: { id: number; postId?: number } | { noteUri: string }): Promise<AnsweredRow | undefined> {
  let query = db.selectFrom('remote_comments').select(['id', 'post_id', 'thread_id', 'user_id']);
  query = 'noteUri' in by ? query.where('note_uri', '=', by.noteUri) : query.where('id', '=', by.id);
  if ('postId' in by && by.postId !== undefined) query = query.where('post_id', '=', by.postId);
  return query.executeTakeFirst();
}

/**
 * Keeps a reply (a second one of the same Note changes nothing) and counts it in its story's
 * comments; resolves to its id when it is new. `added` runs in its transaction with it (its notification).
 */
export async function addRemoteComment(
  db: Kysely<DB>,
  values: Omit<RemoteCommentsTable, 'id' | 'user_id'>,
  added?: (trx: Kysely<DB>, id: number) => Promise<void>,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('remote_comments')
      .values({ ...values, user_id: null })
      .onConflict((oc) => oc.column('note_uri').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return undefined;
    await countComments(trx, values.post_id, 1);
    if (added) await added(trx, row.id);
    return row.id;
  });
}

/** The Note's new text, when the actor `actorUri` wrote it; resolves to whether it was kept. */
export async function editRemoteComment(db: Kysely<DB>, noteUri: string, actorUri: string, body: string, now: string): Promise<boolean> {
  const row = await db
    .updateTable('remote_comments')
    .set({ body, updated_at: now })
    .where('note_uri', '=', noteUri)
    .where('actor_id', 'in', (eb) => eb.selectFrom('remote_actors').select('id').where('uri', '=', actorUri))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes the row, with the answers of its thread when it opened one, and counts them out of its story's comments. */
async function removeRow(trx: Kysely<DB>, row: AnsweredComment): Promise<void> {
  const answers = row.thread_id === null ? await trx.deleteFrom('remote_comments').where('thread_id', '=', row.id).returning('id').execute() : [];
  await trx.deleteFrom('remote_comments').where('id', '=', row.id).execute();
  await countComments(trx, row.post_id, -(1 + answers.length));
}

/**
 * Removes the Note, when the actor `actorUri` wrote it, with the answers of its thread when it
 * opened one (as a member's comment takes its replies). Resolves to whether there was one.
 */
export async function removeRemoteComment(db: Kysely<DB>, noteUri: string, actorUri: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('remote_comments')
      .select(['id', 'post_id', 'thread_id'])
      .where('note_uri', '=', noteUri)
      .where('actor_id', 'in', (eb) => eb.selectFrom('remote_actors').select('id').where('uri', '=', actorUri))
      .executeTakeFirst();
    if (row) await removeRow(trx, row);
    return row !== undefined;
  });
}

/** Members' answers that went to the fediverse and are removed: each is taken back there (a Delete). */
export interface RemovedAnswers {
  answers: Array<{ id: number; user_id: number }>;
  /** The thread's accounts elsewhere, whom they went to. */
  accounts: Addressee[];
}

/**
 * Removes the reply `id` (as removeRemoteComment) when the member `userId` may: it is on one of their
 * stories, or it is their own answer. Resolves to the members' answers it took, or undefined when
 * there was none they may remove; `removed` runs in its transaction with them.
 */
export async function removeRemoteCommentFor(
  db: Kysely<DB>,
  id: number,
  userId: number,
  removed?: (trx: Kysely<DB>, answers: RemovedAnswers) => Promise<void>,
): Promise<RemovedAnswers | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('remote_comments as c')
      .innerJoin('posts as p', 'p.id', 'c.post_id')
      .select(['c.id', 'c.post_id', 'c.thread_id'])
      .where('c.id', '=', id)
      .where((eb) => eb.or([eb('p.user_id', '=', userId), eb('c.user_id', '=', userId)]))
      .executeTakeFirst();
    if (!row) return undefined;
    const answers = await trx
      .selectFrom('remote_comments')
      .select(['id', 'user_id'])
      .where((eb) => (row.thread_id === null ? eb.or([eb('id', '=', row.id), eb('thread_id', '=', row.id)]) : eb('id', '=', row.id)))
      .where('user_id', 'is not', null)
      .$narrowType<{ user_id: number }>()
      .execute();
    const accounts = answers.length > 0 ? await listThreadAccounts(trx, row.thread_id ?? row.id) : [];
    await removeRow(trx, row);
    if (removed) await removed(trx, { answers, accounts });
    return { answers, accounts };
  });
}

/** The story's replies, oldest first (each thread's first ones, then their answers), with their authors. */
export function listRemoteComments(db: Kysely<DB>, postId: number): Promise<RemoteCommentRow[]> {
  return db
    .selectFrom('remote_comments as c')
    .leftJoin('remote_actors as a', 'a.id', 'c.actor_id')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.thread_id',
      'c.reply_to_id',
      'c.body',
      'c.url',
      'c.created_at',
      'c.updated_at',
      'c.actor_id',
      'a.handle',
      'a.name',
      'a.icon_url',
      'a.url as actor_url',
      'c.user_id',
      'u.name as user_name',
      'u.profile_picture as user_picture',
    ])
    .where('c.post_id', '=', postId)
    .where((eb) => eb.or([eb('c.user_id', 'is', null), eb('u.deactivated_at', 'is', null)]))
    .orderBy('c.id')
    .limit(REMOTE_COMMENTS_SHOWN)
    .execute();
}

/** A member's answer in a fediverse thread, counted in the story's comments; resolves to its id. `added` runs in its transaction (its notification). */
export async function addMemberAnswer(
  db: Kysely<DB>,
  values: { post_id: number; user_id: number; thread_id: number; reply_to_id: number | null; body: string; now: string },
  added?: (trx: Kysely<DB>, id: number) => Promise<void>,
): Promise<number> {
  const { now, ...rest } = values;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('remote_comments')
      .values({ ...rest, actor_id: null, note_uri: null, url: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await countComments(trx, values.post_id, 1);
    if (added) await added(trx, row.id);
    return row.id;
  });
}

/** A member's answer, with the Note it answers (its id, or null when that is one of ours: `in_reply_to_id`). */
export function findMemberAnswer(db: Kysely<DB>, id: number): Promise<AnswerRow | undefined> {
  return (
    db
      .selectFrom('remote_comments as c')
      // What it answers: the reply of the thread it names, or the thread's first.
      .leftJoin('remote_comments as r', (join) => join.on((eb) => eb('r.id', '=', eb.fn.coalesce('c.reply_to_id', 'c.thread_id'))))
      .leftJoin('remote_actors as ra', 'ra.id', 'r.actor_id')
      .select([
        'c.id',
        'c.post_id',
        'c.user_id',
        'c.thread_id',
        'c.body',
        'c.created_at',
        'c.updated_at',
        'r.note_uri as in_reply_to',
        'r.id as in_reply_to_id',
        'ra.uri as answered_actor',
      ])
      .where('c.id', '=', id)
      .where('c.user_id', 'is not', null)
      .where('c.thread_id', 'is not', null)
      .$narrowType<{ user_id: number; thread_id: number }>()
      .executeTakeFirst()
  );
}

/**
 * The remote accounts of a thread (its rows by accounts elsewhere), the ones its answers go to; with
 * `sender`, not those that member blocked (an answer of theirs is neither sent nor addressed to them).
 */
export function listThreadAccounts(db: Kysely<DB>, threadId: number, sender?: number): Promise<Addressee[]> {
  return db
    .selectFrom('remote_actors as a')
    .$if(sender !== undefined, (q) =>
      q.where((eb) => eb.not(eb.exists(eb.selectFrom('blocks as b').select('b.blocker_id').where('b.blocker_id', '=', sender!).whereRef('b.blocked_id', '=', 'a.user_id')))),
    )
    .select(['a.uri', 'a.inbox', 'a.shared_inbox', 'a.handle', 'a.url'])
    .where('a.id', 'in', (eb) =>
      eb
        .selectFrom('remote_comments')
        .select('actor_id')
        .where((w) => w.or([w('id', '=', threadId), w('thread_id', '=', threadId)]))
        .where('actor_id', 'is not', null)
        .$narrowType<{ actor_id: number }>(),
    )
    .orderBy('a.id')
    .execute();
}

/** Whether the story is there (a page of no replies, or Post not found). */
export async function storyExists(db: Kysely<DB>, postId: number): Promise<boolean> {
  return (await db.selectFrom('posts').select('id').where('id', '=', postId).executeTakeFirst()) !== undefined;
}
