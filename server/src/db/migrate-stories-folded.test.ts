import { describe, expect, it } from 'vitest';
import { aUser } from '../test/factories.ts';
import { nowIso } from './database.ts';
import { accountElsewhere, onOwnDatabase } from './migrate.testkit.ts';
import { earlier } from './schema/dropped.ts';

/** The fold's migration 0057 (stories from elsewhere, their likes and replies become posts, likes and comments), beside db/migrate.test.ts. */

describe('0057_stories_folded', () => {
  it('makes each story a post of its account with its likes and replies, keeps the owed Notes, and goes back down', async () => {
    await onOwnDatabase(async (db, migrator) => {
      expect((await migrator.migrateTo('0056_delivery_activity_ids')).error).toBeUndefined();
      const now = nowIso();
      const published = '2026-11-01T10:00:00.000Z';
      const lin = await accountElsewhere(db, 'lin', now);
      const ada = await aUser(db, { name: 'Ada' });
      const bo = await aUser(db, { name: 'Bo' });
      const story = (uri: string, title: string | null, summary: string | null, content: string) =>
        earlier(db)
          .insertInto('remote_stories')
          .values({ actor_id: lin.actor, object_uri: uri, url: `${uri}/page`, title, summary, content, published_at: published, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
      const long = await story('https://lin.example/articles/1', 'Night trains', 'Sleeping through borders', `<p>${'word '.repeat(150)}</p>`);
      await story('https://lin.example/notes/2', null, null, '<p>Just a thought.</p>');
      await earlier(db)
        .insertInto('remote_story_likes')
        .values({ user_id: ada.id, story_id: long.id, like_uri: 'https://here.example/ap/users/1#likes/a', created_at: now })
        .execute();
      await earlier(db)
        .insertInto('remote_story_likes')
        .values({ user_id: bo.id, story_id: long.id, like_uri: 'https://here.example/ap/users/2#likes/b', created_at: now })
        .execute();
      const reply = (userId: number, body: string) =>
        earlier(db).insertInto('remote_story_replies').values({ story_id: long.id, user_id: userId, body, created_at: now }).returning('id').executeTakeFirstOrThrow();
      const owed = await reply(ada.id, 'Lovely.');
      const sent = await reply(bo.id, 'Indeed.');
      const owe = (subject: string, kind: 'create' | 'delete', writer: number) =>
        db.insertInto('federation_deliveries').values({ post_id: null, writer_id: writer, kind, subject, recipients: null, created_at: now }).execute();
      await owe(`story-reply:${owed.id}`, 'create', ada.id);
      await owe('story-reply:999', 'delete', bo.id);

      expect((await migrator.migrateTo('0057_stories_folded')).error).toBeUndefined();
      const posts = await db
        .selectFrom('posts')
        .select(['id', 'user_id', 'category_id', 'title', 'sub_title', 'description', 'read_time', 'likes_count', 'comments_count', 'created_at', 'ap_id', 'url'])
        .orderBy('id')
        .execute();
      const [first, second] = posts;
      expect(posts).toEqual([
        {
          id: expect.any(Number),
          user_id: lin.user,
          category_id: null,
          title: 'Night trains',
          sub_title: 'Sleeping through borders',
          description: `<p>${'word '.repeat(150)}</p>`,
          read_time: 2,
          likes_count: 2,
          comments_count: 2,
          created_at: published,
          ap_id: 'https://lin.example/articles/1',
          url: 'https://lin.example/articles/1/page',
        },
        expect.objectContaining({ user_id: lin.user, title: '', sub_title: '', read_time: 1, likes_count: 0, comments_count: 0, ap_id: 'https://lin.example/notes/2' }),
      ]);
      expect(second!.id).toBeGreaterThan(first!.id);
      expect((await db.selectFrom('users').select('post_count').where('id', '=', lin.user).executeTakeFirstOrThrow()).post_count).toBe(2);
      expect(await db.selectFrom('likes').select(['post_id', 'user_id', 'activity_id', 'kind']).orderBy('user_id').execute()).toEqual([
        { post_id: first!.id, user_id: ada.id, activity_id: 'https://here.example/ap/users/1#likes/a', kind: 'like' },
        { post_id: first!.id, user_id: bo.id, activity_id: 'https://here.example/ap/users/2#likes/b', kind: 'like' },
      ]);
      const comments = await db.selectFrom('comments').select(['id', 'post_id', 'user_id', 'body', 'ap_id']).orderBy('id').execute();
      expect(comments).toEqual([
        { id: expect.any(Number), post_id: first!.id, user_id: ada.id, body: 'Lovely.', ap_id: `/ap/notes/s${owed.id}` },
        { id: expect.any(Number), post_id: first!.id, user_id: bo.id, body: 'Indeed.', ap_id: `/ap/notes/s${sent.id}` },
      ]);
      expect(await db.selectFrom('federation_deliveries').select(['subject', 'kind']).orderBy('id').execute()).toEqual([
        { subject: `comment:${comments[0]!.id}`, kind: 'create' },
        { subject: 'story-reply:999', kind: 'delete' },
      ]);
      for (const table of ['remote_stories', 'remote_story_likes', 'remote_story_replies'] as const) expect(await earlier(db).selectFrom(table).selectAll().execute()).toEqual([]);

      // A like never sent and a reply under a comment cannot go back; the rest does, the replies with their ids.
      await db.insertInto('likes').values({ post_id: second!.id, user_id: ada.id, created_at: now }).execute();
      await db.insertInto('replies').values({ comment_id: comments[0]!.id, post_id: first!.id, user_id: bo.id, body: 'Under it', created_at: now, updated_at: now }).execute();
      expect((await migrator.migrateTo('0056_delivery_activity_ids')).error).toBeUndefined();
      expect(await db.selectFrom('posts').select('id').execute()).toEqual([]);
      expect(await db.selectFrom('likes').select('post_id').execute()).toEqual([]);
      expect(await db.selectFrom('comments').select('id').execute()).toEqual([]);
      expect((await db.selectFrom('users').select('post_count').where('id', '=', lin.user).executeTakeFirstOrThrow()).post_count).toBe(0);
      const stories = await earlier(db)
        .selectFrom('remote_stories')
        .select(['id', 'actor_id', 'object_uri', 'url', 'title', 'summary', 'content', 'published_at'])
        .orderBy('id')
        .execute();
      expect(stories).toEqual([
        {
          id: expect.any(Number),
          actor_id: lin.actor,
          object_uri: 'https://lin.example/articles/1',
          url: 'https://lin.example/articles/1/page',
          title: 'Night trains',
          summary: 'Sleeping through borders',
          content: `<p>${'word '.repeat(150)}</p>`,
          published_at: published,
        },
        expect.objectContaining({ actor_id: lin.actor, object_uri: 'https://lin.example/notes/2', title: null, summary: null }),
      ]);
      expect(await earlier(db).selectFrom('remote_story_likes').select(['user_id', 'story_id', 'like_uri']).orderBy('user_id').execute()).toEqual([
        { user_id: ada.id, story_id: stories[0]!.id, like_uri: 'https://here.example/ap/users/1#likes/a' },
        { user_id: bo.id, story_id: stories[0]!.id, like_uri: 'https://here.example/ap/users/2#likes/b' },
      ]);
      expect(await earlier(db).selectFrom('remote_story_replies').select(['id', 'story_id', 'user_id', 'body']).orderBy('id').execute()).toEqual([
        { id: owed.id, story_id: stories[0]!.id, user_id: ada.id, body: 'Lovely.' },
        { id: sent.id, story_id: stories[0]!.id, user_id: bo.id, body: 'Indeed.' },
      ]);
      expect(await db.selectFrom('federation_deliveries').select(['subject', 'kind']).orderBy('id').execute()).toEqual([
        { subject: `story-reply:${owed.id}`, kind: 'create' },
        { subject: 'story-reply:999', kind: 'delete' },
      ]);
      // And up again: the same rows fold the same way.
      expect((await migrator.migrateTo('0057_stories_folded')).error).toBeUndefined();
      expect(await db.selectFrom('comments').select('ap_id').orderBy('id').execute()).toEqual([{ ap_id: `/ap/notes/s${owed.id}` }, { ap_id: `/ap/notes/s${sent.id}` }]);
    });
  });
});
