import { describe, expect, it } from 'vitest';
import { aUser } from '../test/factories.ts';
import { nowIso } from './database.ts';
import { accountElsewhere, onOwnDatabase } from './migrate.testkit.ts';
import { earlier } from './schema/dropped.ts';

/** The fold's migration 0058 (the remote_* tables and notifications.remote_* go), beside db/migrate.test.ts. */

const REMOTE = ['remote_actors', 'remote_comments', 'remote_reactions', 'remote_stories', 'remote_story_likes', 'remote_story_replies'];

describe('0058_remote_tables_dropped', () => {
  it('drops the emptied tables and columns, keeps every account elsewhere and what names it, and makes the bridge again going down', async () => {
    await onOwnDatabase(async (db, migrator) => {
      expect((await migrator.migrateTo('0057_stories_folded')).error).toBeUndefined();
      const now = nowIso();
      const lin = await accountElsewhere(db, 'lin', now);
      // As the app writes an account's row of users (0046 on): its handle and inbox there.
      await db.updateTable('users').set({ handle: '@lin@lin.example', inbox: 'https://lin.example/users/lin/inbox' }).where('id', '=', lin.user).execute();
      const ada = await aUser(db, { name: 'Ada' });
      await db.insertInto('follows').values({ follower_id: lin.user, following_id: ada.id, created_at: now, activity_id: 'https://lin.example/follows/1' }).execute();
      await db.insertInto('notifications').values({ user_id: ada.id, actor_id: lin.user, type: 'follow', message: 'Lin follows you', created_at: now, updated_at: now }).execute();
      const tables = async () => (await db.introspection.getTables()).map((t) => t.name);
      const noticeColumns = async () =>
        (await db.introspection.getTables())
          .find((t) => t.name === 'notifications')!
          .columns.map((c) => c.name)
          .filter((name) => name.startsWith('remote_'))
          .sort();
      expect(await noticeColumns()).toEqual(['remote_actor_id', 'remote_comment_id', 'remote_reaction_id']);

      expect((await migrator.migrateTo('0058_remote_tables_dropped')).error).toBeUndefined();
      expect((await tables()).filter((name) => REMOTE.includes(name))).toEqual([]);
      expect(await noticeColumns()).toEqual([]);
      // The account, its follow and the notification that names it stay.
      expect(await db.selectFrom('users').select(['id', 'ap_id']).where('domain', 'is not', null).execute()).toEqual([{ id: lin.user, ap_id: 'https://lin.example/users/lin' }]);
      expect(await db.selectFrom('follows').select(['follower_id', 'following_id']).execute()).toEqual([{ follower_id: lin.user, following_id: ada.id }]);
      expect(await db.selectFrom('notifications').select(['actor_id', 'message']).execute()).toEqual([{ actor_id: lin.user, message: 'Lin follows you' }]);

      expect((await migrator.migrateTo('0057_stories_folded')).error).toBeUndefined();
      expect((await tables()).filter((name) => REMOTE.includes(name)).sort()).toEqual(REMOTE);
      expect(await noticeColumns()).toEqual(['remote_actor_id', 'remote_comment_id', 'remote_reaction_id']);
      expect(await earlier(db).selectFrom('remote_actors').select(['uri', 'inbox', 'handle', 'user_id']).execute()).toEqual([
        { uri: 'https://lin.example/users/lin', inbox: 'https://lin.example/users/lin/inbox', handle: '@lin@lin.example', user_id: lin.user },
      ]);
      // The keys came back: a second actor with the same URI is refused, and a story of an unknown actor.
      await expect(earlier(db).insertInto('remote_actors').values({ uri: 'https://lin.example/users/lin', inbox: 'x', handle: 'x', updated_at: now }).execute()).rejects.toThrow();
      await expect(
        earlier(db).insertInto('remote_stories').values({ actor_id: 999, object_uri: 'https://x.example/1', content: '', published_at: now, updated_at: now }).execute(),
      ).rejects.toThrow();
      // Down the whole fold and up again.
      expect((await migrator.migrateTo('0045_actor_without_email')).error).toBeUndefined();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect((await tables()).filter((name) => REMOTE.includes(name))).toEqual([]);
    });
  });
});
