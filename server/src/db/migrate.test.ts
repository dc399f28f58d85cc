import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app';
import { aUser } from '../test/factories';
import { isUniqueViolation, nowIso } from './database';
import { migrateToLatest } from './migrate';
import { CATEGORIES } from './seed-categories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('schema and seed', () => {
  it('seeds at least 12 categories with descriptions, once', async () => {
    await migrateToLatest(t.db);
    await migrateToLatest(t.db);
    const rows = await t.db.selectFrom('categories').selectAll().execute();
    expect(rows.length).toBe(CATEGORIES.length);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const row of rows) expect(row.description?.length).toBeGreaterThan(20);
  });

  it('keeps emails unique, likes and follows single, and cascades a user’s rows', async () => {
    const user = await aUser(t.db);
    const other = await aUser(t.db);
    const now = nowIso();
    await expect(
      t.db
        .insertInto('users')
        .values({ email: 'x@y.z', email_normalized: user.email.toLowerCase(), name: null, username: null, bio: null, profile_picture: null, password_hash: null, google_id: null, email_verified_at: null, deactivated_at: null, created_at: now, updated_at: now })
        .execute(),
    ).rejects.toSatisfy(isUniqueViolation);

    const category = await t.db.selectFrom('categories').select('id').executeTakeFirstOrThrow();
    const post = await t.db
      .insertInto('posts')
      .values({ user_id: other.id, category_id: category.id, title: 'T', sub_title: 'S', description: '<p>x</p>', image: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('likes').values({ post_id: post.id, user_id: user.id, created_at: now }).execute();
    await expect(t.db.insertInto('likes').values({ post_id: post.id, user_id: user.id, created_at: now }).execute()).rejects.toSatisfy(isUniqueViolation);
    await t.db.insertInto('follows').values({ follower_id: user.id, following_id: other.id, created_at: now }).execute();
    await expect(t.db.insertInto('follows').values({ follower_id: user.id, following_id: other.id, created_at: now }).execute()).rejects.toSatisfy(isUniqueViolation);

    await t.db.deleteFrom('users').where('id', '=', other.id).execute();
    expect(await t.db.selectFrom('posts').selectAll().where('id', '=', post.id).execute()).toHaveLength(0);
    expect(await t.db.selectFrom('likes').selectAll().where('post_id', '=', post.id).execute()).toHaveLength(0);
    expect(await t.db.selectFrom('follows').selectAll().where('follower_id', '=', user.id).execute()).toHaveLength(0);
  });
});
