import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { TestApp } from '../test/app.ts';
import { type Session, aUser, signIn } from '../test/factories.ts';

/** A signed-in user for social tests. */
export interface Member extends Session {
  name: string | null;
}

export async function aMember(t: TestApp, name: string | null = `Member ${Math.random().toString(36).slice(2, 6)}`): Promise<Member> {
  const user = await aUser(t.db, { name });
  return { ...(await signIn(t.app, user)), name };
}

/** POST to /api/user{path}, signed in as `as` (a visitor when omitted). */
export function call(t: TestApp, path: string, payload: object, as?: Member) {
  return t.app.inject({ method: 'POST', url: `/api/user${path}`, payload, headers: as?.headers ?? {} });
}

export async function postCounts(db: Kysely<DB>, postId: number) {
  return db.selectFrom('posts').select(['likes_count', 'comments_count']).where('id', '=', postId).executeTakeFirstOrThrow();
}

export async function likeRows(db: Kysely<DB>, postId: number): Promise<number[]> {
  const rows = await db.selectFrom('likes').select('user_id').where('post_id', '=', postId).where('kind', '=', 'like').execute();
  return rows.map((r) => r.user_id).sort((a, b) => a - b);
}

export function noticesOf(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('notifications')
    .select(['id', 'actor_id', 'type', 'post_id', 'comment_id', 'reply_id', 'message', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}
