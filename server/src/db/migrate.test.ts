import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aUser } from '../test/factories.ts';
import { isForeignKeyViolation, isUniqueViolation, nowIso } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import type { DB } from './schema.ts';
import { accountElsewhere, onOwnDatabase } from './migrate.testkit.ts';
import { CATEGORIES, seedCategories } from './seed-categories.ts';
import { earlier } from './schema/dropped.ts';

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
        .values({
          email: 'x@y.z',
          email_normalized: user.email.toLowerCase(),
          name: null,
          username: null,
          bio: null,
          profile_picture: null,
          password_hash: null,
          google_id: null,
          email_verified_at: null,
          deactivated_at: null,
          created_at: now,
          updated_at: now,
        })
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

/** An account elsewhere as the fold's migrations (0046 on) see it: a row of users, and its remote_actors row pointing at it. */
/** A member (Ada) with a story of `likes` likes counted, on the categories seeded. */
async function aStory(db: Kysely<DB>, likes: number) {
  await seedCategories(db);
  const ada = await aUser(db, { name: 'Ada' });
  const now = nowIso();
  const category = await db.selectFrom('categories').select('id').executeTakeFirstOrThrow();
  const post = await db
    .insertInto('posts')
    .values({ user_id: ada.id, category_id: category.id, title: 'T', sub_title: 'S', description: '<p>x</p>', image: null, created_at: now, updated_at: now, likes_count: likes })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ada, post, now };
}

describe('0004_stored_images', () => {
  it('backfills the ledger and post_images from what posts and profiles reference, then keys post_images to it', async () => {
    await onOwnDatabase(async (db, migrator) => {
      expect((await migrator.migrateTo('0003_saves_by_time')).error).toBeUndefined();
      await seedCategories(db);
      const cover = `c0/c1/${'c'.repeat(64)}.webp`;
      const body = `b0/b1/${'b'.repeat(64)}.webp`;
      const avatar = `a0/a1/${'a'.repeat(64)}.webp`;
      const user = await aUser(db);
      await db
        .updateTable('users')
        .set({ profile_picture: `/storage/${avatar}` })
        .where('id', '=', user.id)
        .execute();
      // A post saved before post_images existed: its cover and body image are known only from the post.
      const now = nowIso();
      const post = await db
        .insertInto('posts')
        .values({
          user_id: user.id,
          category_id: 1,
          title: 'Old',
          sub_title: 'Post',
          description: `<p><img src="/storage/${body}"><img src="https://elsewhere.example/x.png"><img src="/storage/../../etc/passwd"></p>`,
          image: cover,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();

      await migrateToLatest(db);
      const ledger = (await db.selectFrom('stored_images').select('path').orderBy('path').execute()).map((r) => r.path);
      expect(ledger).toEqual([avatar, body, cover]);
      const images = (await db.selectFrom('post_images').select('path').where('post_id', '=', post.id).orderBy('path').execute()).map((r) => r.path);
      expect(images).toEqual([body, cover]);
      await expect(
        db
          .insertInto('post_images')
          .values({ post_id: post.id, path: `d0/d1/${'d'.repeat(64)}.webp` })
          .execute(),
      ).rejects.toSatisfy(isForeignKeyViolation);
    });
  });
});

describe('0013_image_sizes', () => {
  it('adds the ledger’s width and height, empty for files stored before, and goes back down', async () => {
    await onOwnDatabase(async (db, migrator) => {
      expect((await migrator.migrateTo('0012_notification_delivery')).error).toBeUndefined();
      const older = `c0/c1/${'c'.repeat(64)}.webp`;
      await db.insertInto('stored_images').values({ path: older, uploaded_at: nowIso() }).execute();

      await migrateToLatest(db);
      expect(await db.selectFrom('stored_images').select(['path', 'width', 'height']).execute()).toEqual([{ path: older, width: null, height: null }]);
      await db.updateTable('stored_images').set({ width: 1200, height: 630 }).where('path', '=', older).execute();
      expect(await db.selectFrom('stored_images').select(['width', 'height']).executeTakeFirst()).toEqual({ width: 1200, height: 630 });

      expect((await migrator.migrateTo('0012_notification_delivery')).error).toBeUndefined();
      expect(await db.selectFrom('stored_images').selectAll().execute()).toEqual([{ path: older, uploaded_at: expect.any(String) }]);
    });
  });
});

describe('0016_rate_limits', () => {
  it('adds the per-address counters, one per route and address, and goes back down', async () => {
    await onOwnDatabase(async (db, migrator) => {
      expect((await migrator.migrateTo('0016_rate_limits')).error).toBeUndefined();
      const row = { route: 'POST /api/user/search', address: '10.0.0.1', calls: 1, expires_at: nowIso() };
      await db.insertInto('rate_limits').values(row).execute();
      await db
        .insertInto('rate_limits')
        .values({ ...row, route: 'POST /api/user/login' })
        .execute();
      await expect(db.insertInto('rate_limits').values(row).execute()).rejects.toSatisfy(isUniqueViolation);
      if (db.getExecutor().adapter instanceof PostgresAdapter) {
        // Unlogged: counters need no write-ahead log (nor its flush on every limited call).
        const table = await sql<{ relpersistence: string }>`SELECT relpersistence FROM pg_class WHERE relname = 'rate_limits'`.execute(db);
        expect(table.rows).toEqual([{ relpersistence: 'u' }]);
      }

      expect((await migrator.migrateDown()).error).toBeUndefined();
      await expect(db.selectFrom('rate_limits').selectAll().execute()).rejects.toThrow();
    });
  });
});

describe('0044_actor_columns', () => {
  it('gives users the columns of an account elsewhere (none yet), its URI unique, the people search members only, and goes back down', async () => {
    await onOwnDatabase(async (db, migrator) => {
      expect((await migrator.migrateTo('0043_remote_stats_indexes')).error).toBeUndefined();
      const before = await aUser(db, { name: 'Marmoset Keeper' });
      // To before 0058, whose down makes every account elsewhere a remote_actors row again (which 0046's
      // down then takes back out of users): this row of users with a domain has none.
      expect((await migrator.migrateTo('0057_stories_folded')).error).toBeUndefined();
      expect(
        await db.selectFrom('users').select(['domain', 'handle', 'ap_id', 'inbox', 'shared_inbox', 'url', 'icon_url', 'fetched_at']).where('id', '=', before.id).executeTakeFirst(),
      ).toEqual({
        domain: null,
        handle: null,
        ap_id: null,
        inbox: null,
        shared_inbox: null,
        url: null,
        icon_url: null,
        fetched_at: null,
      });
      const now = nowIso();
      const elsewhere = (uri: string) => ({
        email: uri,
        email_normalized: uri,
        name: 'Marmoset Elsewhere',
        domain: 'elsewhere.example',
        ap_id: uri,
        created_at: now,
        updated_at: now,
      });
      await db.insertInto('users').values(elsewhere('https://elsewhere.example/users/a')).execute();
      await expect(
        db
          .insertInto('users')
          .values({ ...elsewhere('https://elsewhere.example/users/a'), email_normalized: 'another' })
          .execute(),
      ).rejects.toSatisfy(isUniqueViolation);
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      if (postgres) {
        const hits = await sql<{ id: number }>`SELECT id FROM inkwell_people_hits('%marmoset%') UNION ALL SELECT id FROM inkwell_people_text_hits('%marmoset%')`.execute(db);
        expect(hits.rows.map((r) => r.id)).toEqual([before.id, before.id]);
      }

      expect((await migrator.migrateTo('0043_remote_stats_indexes')).error).toBeUndefined();
      await expect(db.selectFrom('users').select('domain').execute()).rejects.toThrow();
      expect(await db.selectFrom('users').select('name').where('id', '=', before.id).executeTakeFirst()).toEqual({ name: 'Marmoset Keeper' });
      if (postgres) {
        const hits = await sql<{ id: number }>`SELECT id FROM inkwell_people_hits('%marmoset%')`.execute(db);
        expect(hits.rows).toHaveLength(2);
      }
    });
  });
});

describe('0045_actor_without_email', () => {
  it('lets an account elsewhere go without an address, never a member, keeps every row that points at users, the people search and the ids, and goes back down', async () => {
    await onOwnDatabase(async (db, migrator) => {
      expect((await migrator.migrateTo('0044_actor_columns')).error).toBeUndefined();
      await seedCategories(db);
      const now = nowIso();
      const writer = await aUser(db, { name: 'Quokka Writer' });
      const reader = await aUser(db, { name: 'Reader Q' });
      const gone = await aUser(db, { name: 'Gone Q' });
      await db.deleteFrom('users').where('id', '=', gone.id).execute();
      const category = await db.selectFrom('categories').select('id').executeTakeFirstOrThrow();
      const post = await db
        .insertInto('posts')
        .values({ user_id: writer.id, category_id: category.id, title: 'T', sub_title: 'S', description: '<p>x</p>', image: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('likes').values({ post_id: post.id, user_id: reader.id, created_at: now }).execute();
      await db.insertInto('follows').values({ follower_id: reader.id, following_id: writer.id, created_at: now }).execute();
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      const peopleNamed = async (text: string): Promise<number[]> => {
        const found = postgres
          ? await sql<{ id: number }>`SELECT id FROM users WHERE lower(name) LIKE ${`%${text}%`} AND domain IS NULL ORDER BY id`.execute(db)
          : await sql<{ id: number }>`SELECT rowid AS id FROM users_search WHERE users_search MATCH ${text} ORDER BY rowid`.execute(db);
        return found.rows.map((r) => r.id);
      };

      await migrateToLatest(db);
      // Nothing that points at users went with the rebuilt table (SQLite's DROP TABLE would have cascaded).
      expect(await db.selectFrom('posts').select('id').execute()).toEqual([{ id: post.id }]);
      expect(await db.selectFrom('likes').select('user_id').execute()).toEqual([{ user_id: reader.id }]);
      expect(await db.selectFrom('follows').select(['follower_id', 'following_id']).execute()).toEqual([{ follower_id: reader.id, following_id: writer.id }]);
      expect(await db.selectFrom('users').select(['id', 'email', 'name']).where('id', '=', writer.id).executeTakeFirst()).toEqual({
        id: writer.id,
        email: writer.email,
        name: 'Quokka Writer',
      });
      expect(await peopleNamed('quokka')).toEqual([writer.id]);
      // The full-text triggers came back: a renamed member is found by the new name only.
      await db.updateTable('users').set({ name: 'Wombat Writer' }).where('id', '=', writer.id).execute();
      expect(await peopleNamed('quokka')).toEqual([]);
      expect(await peopleNamed('wombat')).toEqual([writer.id]);

      const elsewhere = { email: null, email_normalized: null, name: 'Numbat', created_at: now, updated_at: now, ap_id: 'https://far.example/users/numbat' };
      const actor = await db
        .insertInto('users')
        .values({ ...elsewhere, domain: 'far.example' })
        .returning('id')
        .executeTakeFirstOrThrow();
      // AUTOINCREMENT's high-water mark came through: the deleted account's id is not handed out again.
      expect(actor.id).toBeGreaterThan(gone.id);
      await db.insertInto('follows').values({ follower_id: actor.id, following_id: writer.id, created_at: now }).execute();
      // A member (no domain) without an address is refused, and foreign keys are enforced again.
      await expect(
        db
          .insertInto('users')
          .values({ ...elsewhere, ap_id: null })
          .execute(),
      ).rejects.toThrow(/users_member_email|CHECK/i);
      await expect(db.insertInto('likes').values({ post_id: post.id, user_id: 999_999, created_at: now }).execute()).rejects.toSatisfy(isForeignKeyViolation);

      expect((await migrator.migrateTo('0044_actor_columns')).error).toBeUndefined();
      // Down: the account without an address is gone with its follow; the members and theirs stay.
      expect(await db.selectFrom('users').select('id').orderBy('id').execute()).toEqual([{ id: writer.id }, { id: reader.id }]);
      expect(await db.selectFrom('follows').select('follower_id').execute()).toEqual([{ follower_id: reader.id }]);
      expect(await db.selectFrom('likes').select('user_id').execute()).toEqual([{ user_id: reader.id }]);
      expect(await peopleNamed('wombat')).toEqual([writer.id]);
      await expect(
        db
          .insertInto('users')
          .values({ ...elsewhere, domain: 'far.example' })
          .execute(),
      ).rejects.toThrow(/NOT NULL|null value/i);
    });
  });
});

describe('0046_actors_as_users', () => {
  it('makes every known account elsewhere a row of users (no address, no mail) that remote_actors points at, and goes back down', async () => {
    await onOwnDatabase(async (db, migrator) => {
      expect((await migrator.migrateTo('0045_actor_without_email')).error).toBeUndefined();
      const member = await aUser(db, { name: 'Member M' });
      const seen = '2026-11-01T10:00:00.000Z';
      const actor = (n: number, more: object = {}) => ({
        uri: `https://far${n}.example:8443/users/a${n}`,
        inbox: `https://far${n}.example:8443/users/a${n}/inbox`,
        shared_inbox: n === 1 ? 'https://far1.example:8443/inbox' : null,
        handle: `@a${n}@far${n}.example:8443`,
        name: n === 1 ? 'Aye One' : null,
        icon_url: n === 1 ? 'https://far1.example:8443/a1.png' : null,
        url: `https://far${n}.example:8443/@a${n}`,
        updated_at: seen,
        ...more,
      });
      // More than one batch of the migration's 500.
      const many = Array.from({ length: 520 }, (_, i) => actor(i + 1));
      for (let i = 0; i < many.length; i += 100)
        await earlier(db)
          .insertInto('remote_actors')
          .values(many.slice(i, i + 100))
          .execute();

      // To before 0058, which drops the table read here (db/migrate-remote-dropped.test.ts goes past it).
      expect((await migrator.migrateTo('0057_stories_folded')).error).toBeUndefined();
      const bridged = await earlier(db)
        .selectFrom('remote_actors as ra')
        .innerJoin('users as u', 'u.id', 'ra.user_id')
        .select([
          'ra.uri',
          'u.ap_id',
          'u.domain',
          'u.handle',
          'u.name',
          'u.inbox',
          'u.shared_inbox',
          'u.url',
          'u.icon_url',
          'u.fetched_at',
          'u.email',
          'u.notify_like',
          'u.notify_comment',
          'u.notify_follow',
          'u.notify_help',
        ])
        .orderBy('ra.id')
        .execute();
      expect(bridged).toHaveLength(520);
      expect(bridged[0]).toEqual({
        uri: 'https://far1.example:8443/users/a1',
        ap_id: 'https://far1.example:8443/users/a1',
        domain: 'far1.example:8443',
        handle: '@a1@far1.example:8443',
        name: 'Aye One',
        inbox: 'https://far1.example:8443/users/a1/inbox',
        shared_inbox: 'https://far1.example:8443/inbox',
        url: 'https://far1.example:8443/@a1',
        icon_url: 'https://far1.example:8443/a1.png',
        fetched_at: seen,
        email: null,
        notify_like: 0,
        notify_comment: 0,
        notify_follow: 0,
        notify_help: 0,
      });
      expect(bridged.every((r) => r.ap_id === r.uri)).toBe(true);
      expect(await db.selectFrom('users').select('id').where('domain', 'is', null).execute()).toEqual([{ id: member.id }]);

      expect((await migrator.migrateTo('0045_actor_without_email')).error).toBeUndefined();
      expect(await db.selectFrom('users').select('id').execute()).toEqual([{ id: member.id }]);
      expect(
        await earlier(db)
          .selectFrom('remote_actors')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst(),
      ).toEqual({ n: 520 });
      await expect(sql`SELECT user_id FROM remote_actors`.execute(db)).rejects.toThrow();
    });
  });
});

describe('0047_remote_blocks_folded', () => {
  it('carries every block of an account elsewhere into blocks, of its row of users, drops remote_blocks, and goes back down', async () => {
    await onOwnDatabase(async (db, migrator) => {
      expect((await migrator.migrateTo('0046_actors_as_users')).error).toBeUndefined();
      const ada = await aUser(db, { name: 'Ada' });
      const bo = await aUser(db, { name: 'Bo' });
      const now = nowIso();
      await db.insertInto('blocks').values({ blocker_id: ada.id, blocked_id: bo.id, created_at: now }).execute();
      const far = await accountElsewhere(db, 'far', now);
      const account = { id: far.user };
      const actor = { id: far.actor };
      await sql`INSERT INTO remote_blocks (user_id, actor_id, created_at) VALUES (${bo.id}, ${actor.id}, ${'2026-11-02T00:00:00.000Z'})`.execute(db);

      await migrateToLatest(db);
      const blocks = () => db.selectFrom('blocks').select(['blocker_id', 'blocked_id', 'created_at']).orderBy('blocker_id').execute();
      expect(await blocks()).toEqual([
        { blocker_id: ada.id, blocked_id: bo.id, created_at: now },
        { blocker_id: bo.id, blocked_id: account.id, created_at: '2026-11-02T00:00:00.000Z' },
      ]);
      expect((await db.introspection.getTables()).some((table) => table.name === 'remote_blocks')).toBe(false);

      expect((await migrator.migrateTo('0046_actors_as_users')).error).toBeUndefined();
      expect(await blocks()).toEqual([{ blocker_id: ada.id, blocked_id: bo.id, created_at: now }]);
      const back = await sql<{ user_id: number; actor_id: number }>`SELECT user_id, actor_id FROM remote_blocks`.execute(db);
      expect(back.rows).toEqual([{ user_id: bo.id, actor_id: actor.id }]);
    });
  });
});

describe('0048_notices_name_accounts', () => {
  it('names the account elsewhere of a notification as its actor, its row of users, and goes back down', async () => {
    await onOwnDatabase(async (db, migrator) => {
      expect((await migrator.migrateTo('0047_remote_blocks_folded')).error).toBeUndefined();
      const ada = await aUser(db, { name: 'Ada' });
      const bo = await aUser(db, { name: 'Bo' });
      const now = nowIso();
      const far = await accountElsewhere(db, 'far', now);
      const account = { id: far.user };
      const actor = { id: far.actor };
      const notice = (values: { actor_id: number | null; remote_actor_id: number | null }) =>
        db
          .insertInto('notifications')
          .values({
            user_id: ada.id,
            type: 'follow',
            post_id: null,
            message: 'm',
            created_at: now,
            updated_at: now,
            comment_id: null,
            reply_id: null,
            help_request_id: null,
            ...values,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const fromMember = await notice({ actor_id: bo.id, remote_actor_id: null });
      const fromAfar = await notice({ actor_id: null, remote_actor_id: actor.id });
      const actors = () => earlier(db).selectFrom('notifications').select(['id', 'actor_id', 'remote_actor_id']).orderBy('id').execute();

      // To before 0058, which drops the table read here (db/migrate-remote-dropped.test.ts goes past it).
      expect((await migrator.migrateTo('0057_stories_folded')).error).toBeUndefined();
      expect(await actors()).toEqual([
        { id: fromMember.id, actor_id: bo.id, remote_actor_id: null },
        { id: fromAfar.id, actor_id: account.id, remote_actor_id: null },
      ]);

      expect((await migrator.migrateTo('0047_remote_blocks_folded')).error).toBeUndefined();
      expect(await actors()).toEqual([
        { id: fromMember.id, actor_id: bo.id, remote_actor_id: null },
        { id: fromAfar.id, actor_id: null, remote_actor_id: actor.id },
      ]);
    });
  });
});

describe('0049_remote_followers_folded', () => {
  it('carries every follower elsewhere into follows with its Follow’s id and the counters, drops remote_followers, and goes back down', async () => {
    await onOwnDatabase(async (db, migrator) => {
      expect((await migrator.migrateTo('0048_notices_name_accounts')).error).toBeUndefined();
      const ada = await aUser(db, { name: 'Ada' });
      const bo = await aUser(db, { name: 'Bo' });
      const now = nowIso();
      await db.insertInto('follows').values({ follower_id: bo.id, following_id: ada.id, created_at: now }).execute();
      await db.updateTable('users').set({ followers_count: 1 }).where('id', '=', ada.id).execute();
      await db.updateTable('users').set({ following_count: 1 }).where('id', '=', bo.id).execute();
      const far = await accountElsewhere(db, 'far', now);
      const wide = await accountElsewhere(db, 'wide', now);
      for (const [member, account, at] of [
        [ada.id, far, '2026-11-01T00:00:00.000Z'],
        [ada.id, wide, '2026-11-02T00:00:00.000Z'],
        [bo.id, far, '2026-11-03T00:00:00.000Z'],
      ] as const)
        await sql`INSERT INTO remote_followers (user_id, actor_id, follow_uri, created_at) VALUES (${member}, ${account.actor}, ${`${at}#follow`}, ${at})`.execute(db);
      const counts = async () =>
        Object.fromEntries(
          (await db.selectFrom('users').select(['id', 'followers_count', 'following_count']).orderBy('id').execute()).map((r) => [r.id, [r.followers_count, r.following_count]]),
        );

      await migrateToLatest(db);
      const follows = await db.selectFrom('follows').select(['follower_id', 'following_id', 'activity_id']).orderBy('created_at').execute();
      expect(follows).toEqual([
        { follower_id: far.user, following_id: ada.id, activity_id: '2026-11-01T00:00:00.000Z#follow' },
        { follower_id: wide.user, following_id: ada.id, activity_id: '2026-11-02T00:00:00.000Z#follow' },
        { follower_id: far.user, following_id: bo.id, activity_id: '2026-11-03T00:00:00.000Z#follow' },
        { follower_id: bo.id, following_id: ada.id, activity_id: null },
      ]);
      expect(await counts()).toEqual({ [ada.id]: [3, 0], [bo.id]: [1, 1], [far.user]: [0, 2], [wide.user]: [0, 1] });
      expect((await db.introspection.getTables()).some((table) => table.name === 'remote_followers')).toBe(false);

      expect((await migrator.migrateTo('0048_notices_name_accounts')).error).toBeUndefined();
      expect(await db.selectFrom('follows').select(['follower_id', 'following_id']).execute()).toEqual([{ follower_id: bo.id, following_id: ada.id }]);
      expect(await counts()).toEqual({ [ada.id]: [1, 0], [bo.id]: [0, 1], [far.user]: [0, 0], [wide.user]: [0, 0] });
      const back = await sql<{ user_id: number; actor_id: number; follow_uri: string }>`SELECT user_id, actor_id, follow_uri FROM remote_followers ORDER BY created_at`.execute(db);
      expect(back.rows).toEqual([
        { user_id: ada.id, actor_id: far.actor, follow_uri: '2026-11-01T00:00:00.000Z#follow' },
        { user_id: ada.id, actor_id: wide.actor, follow_uri: '2026-11-02T00:00:00.000Z#follow' },
        { user_id: bo.id, actor_id: far.actor, follow_uri: '2026-11-03T00:00:00.000Z#follow' },
      ]);
    });
  });
});

describe('0050_remote_following_folded', () => {
  it('makes a member’s accepted follow of an account elsewhere a follow, counted, and a waiting one a follow request; drops remote_following, and goes back down', async () => {
    await onOwnDatabase(async (db, migrator) => {
      expect((await migrator.migrateTo('0049_remote_followers_folded')).error).toBeUndefined();
      const ada = await aUser(db, { name: 'Ada' });
      const now = nowIso();
      const far = await accountElsewhere(db, 'far', now);
      const wide = await accountElsewhere(db, 'wide', now);
      await sql`INSERT INTO remote_following (user_id, actor_id, follow_uri, state, created_at, accepted_at)
        VALUES (${ada.id}, ${far.actor}, 'https://here.example/follows/1', 'accepted', '2026-11-01T00:00:00.000Z', '2026-11-01T00:01:00.000Z'),
               (${ada.id}, ${wide.actor}, 'https://here.example/follows/2', 'pending', '2026-11-02T00:00:00.000Z', NULL)`.execute(db);
      const counts = async () =>
        Object.fromEntries(
          (await db.selectFrom('users').select(['id', 'followers_count', 'following_count']).orderBy('id').execute()).map((r) => [r.id, [r.followers_count, r.following_count]]),
        );

      await migrateToLatest(db);
      expect(await db.selectFrom('follows').select(['follower_id', 'following_id', 'activity_id', 'created_at']).execute()).toEqual([
        { follower_id: ada.id, following_id: far.user, activity_id: 'https://here.example/follows/1', created_at: '2026-11-01T00:01:00.000Z' },
      ]);
      expect(await db.selectFrom('follow_requests').selectAll().execute()).toEqual([
        { follower_id: ada.id, followed_id: wide.user, activity_id: 'https://here.example/follows/2', created_at: '2026-11-02T00:00:00.000Z' },
      ]);
      expect(await counts()).toEqual({ [ada.id]: [0, 1], [far.user]: [1, 0], [wide.user]: [0, 0] });
      expect((await db.introspection.getTables()).some((table) => table.name === 'remote_following')).toBe(false);

      expect((await migrator.migrateTo('0049_remote_followers_folded')).error).toBeUndefined();
      expect(await db.selectFrom('follows').select('follower_id').execute()).toEqual([]);
      expect(await counts()).toEqual({ [ada.id]: [0, 0], [far.user]: [0, 0], [wide.user]: [0, 0] });
      const back = await sql<{ actor_id: number; follow_uri: string; state: string }>`SELECT actor_id, follow_uri, state FROM remote_following ORDER BY created_at`.execute(db);
      expect(back.rows).toEqual([
        { actor_id: far.actor, follow_uri: 'https://here.example/follows/1', state: 'accepted' },
        { actor_id: wide.actor, follow_uri: 'https://here.example/follows/2', state: 'pending' },
      ]);
    });
  });
});

describe('0051_remote_likes_folded', () => {
  it('makes a like from an account elsewhere a row of likes with its Like’s id, leaves the boosts, and goes back down', async () => {
    await onOwnDatabase(async (db, migrator) => {
      expect((await migrator.migrateTo('0050_remote_following_folded')).error).toBeUndefined();
      const { ada, post, now } = await aStory(db, 3);
      const bo = await aUser(db, { name: 'Bo' });
      await db.insertInto('likes').values({ post_id: post.id, user_id: bo.id, created_at: now }).execute();
      const far = await accountElsewhere(db, 'far', now);
      const wide = await accountElsewhere(db, 'wide', now);
      await sql`INSERT INTO remote_reactions (post_id, actor_id, kind, activity_uri, created_at) VALUES
        (${post.id}, ${far.actor}, 'like', 'https://far.example/likes/1', '2026-11-01T00:00:00.000Z'),
        (${post.id}, ${far.actor}, 'announce', 'https://far.example/boosts/1', '2026-11-01T00:00:00.000Z'),
        (${post.id}, ${wide.actor}, 'like', 'https://wide.example/likes/1', '2026-11-02T00:00:00.000Z')`.execute(db);
      const reactions = async () => (await sql<{ actor_id: number; kind: string }>`SELECT actor_id, kind FROM remote_reactions ORDER BY id`.execute(db)).rows;

      expect((await migrator.migrateTo('0051_remote_likes_folded')).error).toBeUndefined();
      expect(await db.selectFrom('likes').select(['user_id', 'activity_id']).orderBy('created_at').orderBy('user_id').execute()).toEqual([
        { user_id: far.user, activity_id: 'https://far.example/likes/1' },
        { user_id: wide.user, activity_id: 'https://wide.example/likes/1' },
        { user_id: bo.id, activity_id: null },
      ]);
      expect(await reactions()).toEqual([{ actor_id: far.actor, kind: 'announce' }]);
      expect(await db.selectFrom('posts').select('likes_count').executeTakeFirst()).toEqual({ likes_count: 3 });
      await expect(db.insertInto('likes').values({ post_id: post.id, user_id: ada.id, created_at: now, activity_id: 'https://far.example/likes/1' }).execute()).rejects.toSatisfy(
        isUniqueViolation,
      );

      expect((await migrator.migrateTo('0050_remote_following_folded')).error).toBeUndefined();
      expect(await db.selectFrom('likes').select('user_id').execute()).toEqual([{ user_id: bo.id }]);
      expect(await reactions()).toEqual([
        { actor_id: far.actor, kind: 'announce' },
        { actor_id: far.actor, kind: 'like' },
        { actor_id: wide.actor, kind: 'like' },
      ]);
    });
  });
});

describe('0052_boosts_folded', () => {
  it('makes a boost from an account elsewhere a row of likes of kind boost, its notification one of type boost, and goes back down', async () => {
    await onOwnDatabase(async (db, migrator) => {
      expect((await migrator.migrateTo('0051_remote_likes_folded')).error).toBeUndefined();
      const { ada, post, now } = await aStory(db, 2);
      const bo = await aUser(db, { name: 'Bo' });
      const far = await accountElsewhere(db, 'far', now);
      await sql`INSERT INTO likes (post_id, user_id, created_at, activity_id) VALUES
        (${post.id}, ${bo.id}, '2026-11-01T00:00:00.000Z', NULL), (${post.id}, ${far.user}, '2026-11-02T00:00:00.000Z', 'https://far.example/likes/1')`.execute(db);
      const boost = await sql<{ id: number }>`INSERT INTO remote_reactions (post_id, actor_id, kind, activity_uri, created_at)
        VALUES (${post.id}, ${far.actor}, 'announce', 'https://far.example/boosts/1', '2026-11-03T00:00:00.000Z') RETURNING id`.execute(db);
      const notice = (type: string, reaction: number | null) =>
        sql`INSERT INTO notifications (user_id, actor_id, type, post_id, remote_reaction_id, message, created_at, updated_at)
          VALUES (${ada.id}, ${far.user}, ${type}, ${post.id}, ${reaction}, ${type}, ${now}, ${now})`.execute(db);
      await notice('like', null);
      await notice('like', boost.rows[0]!.id);
      const notices = async () =>
        (
          await sql<{ type: string; boost: number }>`SELECT type, CASE WHEN remote_reaction_id IS NULL THEN 0 ELSE 1 END AS boost FROM notifications ORDER BY id`.execute(db)
        ).rows.map((row) => ({ type: row.type, boost: Number(row.boost) }));
      const likes = () => db.selectFrom('likes').select(['user_id', 'kind', 'activity_id']).orderBy('created_at').execute();

      expect((await migrator.migrateTo('0052_boosts_folded')).error).toBeUndefined();
      expect(await likes()).toEqual([
        { user_id: bo.id, kind: 'like', activity_id: null },
        { user_id: far.user, kind: 'like', activity_id: 'https://far.example/likes/1' },
        { user_id: far.user, kind: 'boost', activity_id: 'https://far.example/boosts/1' },
      ]);
      expect(await notices()).toEqual([
        { type: 'like', boost: 0 },
        { type: 'boost', boost: 0 },
      ]);
      expect(Number((await sql<{ n: number | string }>`SELECT count(*) AS n FROM remote_reactions`.execute(db)).rows[0]!.n)).toBe(0);
      expect(await db.selectFrom('posts').select('likes_count').executeTakeFirst()).toEqual({ likes_count: 2 });
      // The key holds the kind: a second boost of the same account and story is refused, another kind is not.
      await expect(db.insertInto('likes').values({ post_id: post.id, user_id: far.user, kind: 'boost', created_at: now }).execute()).rejects.toSatisfy(isUniqueViolation);
      await expect(sql`INSERT INTO likes (post_id, user_id, kind, created_at) VALUES (${post.id}, ${ada.id}, 'repost', ${now})`.execute(db)).rejects.toThrow();

      expect((await migrator.migrateTo('0051_remote_likes_folded')).error).toBeUndefined();
      expect(await db.selectFrom('likes').select(['user_id', 'activity_id']).orderBy('created_at').execute()).toEqual([
        { user_id: bo.id, activity_id: null },
        { user_id: far.user, activity_id: 'https://far.example/likes/1' },
      ]);
      const back = await sql<{ actor_id: number; kind: string; activity_uri: string }>`SELECT actor_id, kind, activity_uri FROM remote_reactions`.execute(db);
      expect(back.rows).toEqual([{ actor_id: far.actor, kind: 'announce', activity_uri: 'https://far.example/boosts/1' }]);
      expect(await notices()).toEqual([
        { type: 'like', boost: 0 },
        { type: 'like', boost: 1 },
      ]);
      // The old key again: one like per account and story.
      await expect(db.insertInto('likes').values({ post_id: post.id, user_id: bo.id, created_at: now }).execute()).rejects.toSatisfy(isUniqueViolation);
    });
  });
});

describe('0053_comments_elsewhere', () => {
  it('gives comments and replies a Note’s id (unique) and its page, and takes them away again', async () => {
    await onOwnDatabase(async (db, migrator) => {
      const columns = async () => {
        const tables = await db.introspection.getTables();
        return ['comments', 'replies'].map((name) =>
          tables
            .find((table) => table.name === name)!
            .columns.filter((c) => c.name === 'ap_id' || c.name === 'url')
            .map((c) => c.name),
        );
      };
      expect((await migrator.migrateTo('0052_boosts_folded')).error).toBeUndefined();
      expect(await columns()).toEqual([[], []]);
      expect((await migrator.migrateTo('0053_comments_elsewhere')).error).toBeUndefined();
      expect((await columns()).map((names) => names.sort())).toEqual([
        ['ap_id', 'url'],
        ['ap_id', 'url'],
      ]);
      expect((await migrator.migrateTo('0052_boosts_folded')).error).toBeUndefined();
      expect(await columns()).toEqual([[], []]);
    });
  });
});
