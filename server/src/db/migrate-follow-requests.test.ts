import { describe, expect, it } from 'vitest';
import { aUser, anAccountElsewhere } from '../test/factories.ts';
import { nowIso } from './database.ts';
import { onOwnDatabase } from './migrate.testkit.ts';

/** Migration 0059 (a follow request's Follow id given in the asking transaction, so null until then), beside db/migrate.test.ts. */

describe('0059_follow_requests_asked', () => {
  it('lets a request wait for its id, keeps the requests there were, keeps ids unique, and goes back', async () => {
    await onOwnDatabase(async (db, migrator) => {
      expect((await migrator.migrateTo('0058_remote_tables_dropped')).error).toBeUndefined();
      const now = nowIso();
      const { id: lin } = await anAccountElsewhere(db, 'Lin');
      const { id: kim } = await anAccountElsewhere(db, 'Kim');
      const ada = await aUser(db, { name: 'Ada' });
      const bo = await aUser(db, { name: 'Bo' });
      const asked = { follower_id: ada.id, followed_id: lin, activity_id: 'https://inkwell.example/ap/users/1#follows/a', created_at: now };
      await db.insertInto('follow_requests').values(asked).execute();
      await expect(db.insertInto('follow_requests').values({ follower_id: bo.id, followed_id: kim, activity_id: null, created_at: now }).execute()).rejects.toThrow();

      expect((await migrator.migrateTo('0059_follow_requests_asked')).error).toBeUndefined();
      expect(await db.selectFrom('follow_requests').selectAll().execute()).toEqual([asked]);
      await db.insertInto('follow_requests').values({ follower_id: bo.id, followed_id: kim, activity_id: null, created_at: now }).execute();
      // Still one request per pair, one Follow id per request, and gone with either account.
      await expect(
        db
          .insertInto('follow_requests')
          .values({ ...asked, activity_id: 'https://inkwell.example/other' })
          .execute(),
      ).rejects.toThrow();
      await expect(
        db
          .insertInto('follow_requests')
          .values({ ...asked, follower_id: bo.id })
          .execute(),
      ).rejects.toThrow();
      await db.deleteFrom('users').where('id', '=', kim).execute();
      expect(await db.selectFrom('follow_requests').select('follower_id').execute()).toEqual([{ follower_id: ada.id }]);
      await db.insertInto('follow_requests').values({ follower_id: bo.id, followed_id: lin, activity_id: null, created_at: now }).execute();

      expect((await migrator.migrateTo('0058_remote_tables_dropped')).error).toBeUndefined();
      expect(await db.selectFrom('follow_requests').selectAll().execute()).toEqual([asked]);
      await expect(db.insertInto('follow_requests').values({ follower_id: bo.id, followed_id: lin, activity_id: null, created_at: now }).execute()).rejects.toThrow();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    });
  });
});
