import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

/** How many rows each post lost, from the post ids of deleted rows. */
function tally(postIds: number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const id of postIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/** Lowers a counter column of each row by how many of its rows went (id order, as every writer locks). */
async function lower(
  trx: Kysely<DB>,
  table: 'posts' | 'users' | 'categories',
  column: 'likes_count' | 'comments_count' | 'followers_count' | 'following_count',
  losses: Map<number, number>,
): Promise<void> {
  for (const [id, n] of [...losses.entries()].sort((a, b) => a[0] - b[0])) {
    await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${sql.ref(column)} - ${n} WHERE id = ${id}`.execute(trx);
  }
}

/** The files a member's posts, drafts and profile use, to release once the member is gone. */
export async function filesOf(trx: Kysely<DB>, userId: number): Promise<string[]> {
  const covers = await trx.selectFrom('posts').select('image').where('user_id', '=', userId).where('image', 'is not', null).execute();
  const bodies = await trx
    .selectFrom('post_images')
    .select('path')
    .where('post_id', 'in', (eb) => eb.selectFrom('posts').select('id').where('user_id', '=', userId))
    .execute();
  const drafted = await trx
    .selectFrom('draft_images')
    .select('path')
    .where('draft_id', 'in', (eb) => eb.selectFrom('drafts').select('id').where('user_id', '=', userId))
    .execute();
  const profile = await trx.selectFrom('users').select('profile_picture').where('id', '=', userId).executeTakeFirst();
  return [
    ...covers.map((c) => c.image!),
    ...bodies.map((b) => b.path),
    ...drafted.map((d) => d.path),
    ...(profile?.profile_picture ? [profile.profile_picture.replace(/^\/storage\//, '')] : []),
  ];
}

/**
 * Deletes a member and everything that is theirs, in the caller's transaction, keeping every counter of
 * other members and posts equal to the rows it counts: their likes, comments and replies on others'
 * posts (and the replies to their comments) lower those posts' counts; their follows lower the
 * counts of whom they followed and who followed them; their topics lower those topics' counts. The rest goes with the users row (foreign keys
 * cascade): their posts with everything on them, saves, topics, notifications, help requests,
 * sessions, tokens, blocks. The posts others wrote are locked first, in id order, as the comment and
 * reply writes lock them, so a concurrent comment or delete on them waits and then sees the change.
 */
export async function deleteMember(trx: Kysely<DB>, userId: number): Promise<void> {
  const own = () => trx.selectFrom('posts').select('id').where('user_id', '=', userId);
  if (isPostgres(trx)) {
    await sql`SELECT p.id FROM posts p WHERE p.user_id <> ${userId} AND p.id IN (
        SELECT post_id FROM comments WHERE user_id = ${userId} UNION SELECT post_id FROM replies WHERE user_id = ${userId}
        UNION SELECT post_id FROM likes WHERE user_id = ${userId})
      ORDER BY p.id FOR NO KEY UPDATE`.execute(trx);
  }

  const likes = await trx.deleteFrom('likes').where('user_id', '=', userId).where('post_id', 'not in', own()).returning(['post_id', 'kind']).execute();
  await lower(trx, 'posts', 'likes_count', tally(likes.filter((r) => r.kind === 'like').map((r) => r.post_id)));

  const replies = await trx
    .deleteFrom('replies')
    .where('post_id', 'not in', own())
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('comment_id', 'in', eb.selectFrom('comments').select('id').where('user_id', '=', userId))]))
    .returning(['post_id', 'hidden'])
    .execute();
  const comments = await trx.deleteFrom('comments').where('user_id', '=', userId).where('post_id', 'not in', own()).returning(['post_id', 'hidden']).execute();
  // A held writing was never counted (ADR 0099).
  await lower(trx, 'posts', 'comments_count', tally([...replies, ...comments].filter((r) => r.hidden === null).map((r) => r.post_id)));

  const followed = await trx.deleteFrom('follows').where('follower_id', '=', userId).returning('following_id').execute();
  await lower(trx, 'users', 'followers_count', tally(followed.map((r) => r.following_id)));
  const followers = await trx.deleteFrom('follows').where('following_id', '=', userId).returning('follower_id').execute();
  await lower(trx, 'users', 'following_count', tally(followers.map((r) => r.follower_id)));

  const topics = await trx.deleteFrom('user_categories').where('user_id', '=', userId).returning('category_id').execute();
  await lower(trx, 'categories', 'followers_count', tally(topics.map((r) => r.category_id)));

  await trx.deleteFrom('users').where('id', '=', userId).execute();
}

/** When the session was created (a fresh sign-in confirms an account without a password). */
export async function sessionCreatedAt(trx: Kysely<DB>, sessionId: number): Promise<string | undefined> {
  return (await trx.selectFrom('sessions').select('created_at').where('id', '=', sessionId).executeTakeFirst())?.created_at;
}

/** A pending change of address: the token (hashed) that moves the account to `new_email`. */
export async function insertEmailChange(trx: Kysely<DB>, values: { user_id: number; token_hash: string; expires_at: string; now: string; new_email: string }): Promise<void> {
  const { now, ...rest } = values;
  await trx
    .insertInto('email_tokens')
    .values({ ...rest, purpose: 'email', used_at: null, created_at: now })
    .execute();
}

export function findEmailChange(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom('email_tokens')
    .select(['id', 'user_id', 'expires_at', 'used_at', 'new_email'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', 'email')
    .executeTakeFirst();
}

/** The account's new address (verified: the link was opened there). */
export async function changeEmail(trx: Kysely<DB>, userId: number, email: string, normalized: string, now: string): Promise<void> {
  await trx.updateTable('users').set({ email, email_normalized: normalized, email_verified_at: now, updated_at: now }).where('id', '=', userId).execute();
  // Other pending changes lapse, and so do reset links mailed to the old address.
  await trx.updateTable('email_tokens').set({ used_at: now }).where('user_id', '=', userId).where('purpose', 'in', ['email', 'reset']).where('used_at', 'is', null).execute();
}
