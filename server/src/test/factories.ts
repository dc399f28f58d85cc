import type { FastifyInstance } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import { hashPassword } from '../identity/passwords.ts';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { PostsTable } from '../db/schema/writing.ts';
import { addToPostCount } from '../db/post-count.repository.ts';

export const PASSWORD = 'Secret#123';
let passwordHash: Promise<string> | undefined;
let counter = 0;

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

/** A user in the database: verified, with PASSWORD, unless overridden. */
/** The account made `days` ago (two by default): no longer new to the spam rules (ADR 0099). */
export async function aged<T extends { id: number }>(db: Kysely<DB>, user: T, days = 2): Promise<T> {
  await db
    .updateTable('users')
    .set({ created_at: new Date(Date.now() - days * 86_400_000).toISOString() })
    .where('id', '=', user.id)
    .execute();
  return user;
}

export async function aUser(db: Kysely<DB>, overrides: { email?: string; name?: string | null; verified?: boolean } = {}): Promise<TestUser> {
  passwordHash ??= hashPassword(PASSWORD);
  counter += 1;
  const email = overrides.email ?? `reader${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const now = nowIso();
  const row = await db
    .insertInto('users')
    .values({
      email,
      email_normalized: email.toLowerCase(),
      name: overrides.name === undefined ? `Reader ${counter}` : overrides.name,
      username: null,
      bio: null,
      profile_picture: null,
      password_hash: await passwordHash,
      google_id: null,
      email_verified_at: overrides.verified === false ? null : now,
      deactivated_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password: PASSWORD };
}

/**
 * An account of another server as a row of `users` (migration 0044, ADR 0080): its domain, handle,
 * URI and inbox; no address (migration 0045), no password, no sign-in.
 */
export async function anAccountElsewhere(db: Kysely<DB>, name: string, more: { followers?: number; bio?: string } = {}): Promise<{ id: number; apId: string }> {
  counter += 1;
  const host = `elsewhere${counter}.example`;
  const user = name.toLowerCase().replace(/\W+/g, '');
  const apId = `https://${host}/users/${user}`;
  const now = nowIso();
  const row = await db
    .insertInto('users')
    .values({
      email: null,
      email_normalized: null,
      name,
      bio: more.bio ?? null,
      followers_count: more.followers ?? 0,
      email_verified_at: now,
      created_at: now,
      updated_at: now,
      domain: host,
      handle: `@${user}@${host}`,
      ap_id: apId,
      inbox: `${apId}/inbox`,
      url: `https://${host}/@${user}`,
      fetched_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, apId };
}

/**
 * A story of an account elsewhere kept as a post (migration 0055, ADR 0080): no topic, its object id
 * and its page on its own server; counted in its account's post_count.
 */
export async function aStoryElsewhere(db: Kysely<DB>, account: { id: number; apId: string }, overrides: { title?: string; subTitle?: string } = {}): Promise<{ id: number }> {
  counter += 1;
  const now = nowIso();
  return aCountedPost(db, {
    user_id: account.id,
    category_id: null,
    title: overrides.title ?? 'A story from elsewhere',
    sub_title: overrides.subTitle ?? '',
    description: '<p>Words written on another server.</p>',
    image: null,
    read_time: 1,
    created_at: now,
    updated_at: now,
    ap_id: `${account.apId}/statuses/${counter}`,
    url: `${new URL(account.apId).origin}/stories/${counter}`,
  });
}

/** The post, counted in its writer's post_count, in one transaction (as the posts repository writes one). */
function aCountedPost(db: Kysely<DB>, values: Insertable<PostsTable>): Promise<{ id: number }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('posts').values(values).returning('id').executeTakeFirstOrThrow();
    await addToPostCount(trx, values.user_id, 1);
    return row;
  });
}

export interface Session {
  token: string;
  id: number;
  headers: { token: string; id: string };
}

/** Logs the user in through the API and returns the headers of a signed-in call. */
export async function signIn(app: FastifyInstance, user: TestUser): Promise<Session> {
  const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email: user.email, password: user.password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { token: string; user: { id: number } };
  return { token: body.token, id: body.user.id, headers: { token: body.token, id: String(body.user.id) } };
}

/** A post written directly to the database (no HTTP, no image processing), for reading-side tests. */
export async function aPost(
  db: Kysely<DB>,
  overrides: {
    userId: number;
    categoryId?: number;
    title?: string;
    subTitle?: string;
    description?: string;
    image?: string | null;
    createdAt?: string;
  },
): Promise<{ id: number; categoryId: number }> {
  const categoryId = overrides.categoryId ?? (await db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const now = overrides.createdAt ?? nowIso();
  const row = await aCountedPost(db, {
    user_id: overrides.userId,
    category_id: categoryId,
    title: overrides.title ?? 'A post worth reading',
    sub_title: overrides.subTitle ?? 'Why it matters, in one line',
    description: overrides.description ?? '<p>Some words of the body.</p>',
    image: overrides.image === undefined ? null : overrides.image,
    read_time: 1,
    created_at: now,
    updated_at: now,
  });
  return { id: row.id, categoryId };
}
