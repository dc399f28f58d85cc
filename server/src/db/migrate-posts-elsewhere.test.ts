import { PostgresAdapter, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { aUser } from '../test/factories.ts';
import { isForeignKeyViolation, isUniqueViolation, nowIso } from './database.ts';
import { accountElsewhere, onOwnDatabase } from './migrate.testkit.ts';
import { seedCategories } from './seed-categories.ts';

/** The fold's migration 0055 (posts may be stories from elsewhere), beside db/migrate.test.ts (same helpers). */

describe('0055_posts_elsewhere', () => {
  it('lets a story from elsewhere be a post without a topic, never a member’s; keeps every row that points at posts, the search and the ids, and goes back down', async () => {
    await onOwnDatabase(async (db, migrator) => {
      expect((await migrator.migrateTo('0054_comments_folded')).error).toBeUndefined();
      await seedCategories(db);
      const now = nowIso();
      const writer = await aUser(db, { name: 'Ada' });
      const reader = await aUser(db, { name: 'Bo' });
      const category = await db.selectFrom('categories').select('id').executeTakeFirstOrThrow();
      const aPost = (title: string) =>
        db
          .insertInto('posts')
          .values({
            user_id: writer.id,
            category_id: category.id,
            title,
            sub_title: 'Quokka',
            description: '<p>Numbat</p>',
            body_text: 'Numbat',
            image: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const post = await aPost('Heron');
      const gone = await aPost('Gone');
      await db.deleteFrom('posts').where('id', '=', gone.id).execute();
      await db.insertInto('likes').values({ post_id: post.id, user_id: reader.id, created_at: now }).execute();
      await db.insertInto('saves').values({ post_id: post.id, user_id: reader.id, created_at: now }).execute();
      const comment = await db
        .insertInto('comments')
        .values({ post_id: post.id, user_id: reader.id, body: 'Nice', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('replies').values({ comment_id: comment.id, post_id: post.id, user_id: writer.id, body: 'Thanks', created_at: now, updated_at: now }).execute();

      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      /** The posts the search finds by a word of the title, the subtitle or the body. */
      const found = async (word: string): Promise<number[]> => {
        const rows = postgres
          ? await sql<{
              id: number;
            }>`SELECT id FROM posts WHERE heading_tsv @@ plainto_tsquery('inkwell_search', ${word}) OR body_tsv @@ plainto_tsquery('inkwell_search', ${word}) ORDER BY id`.execute(
              db,
            )
          : await sql<{ id: number }>`SELECT rowid AS id FROM posts_search WHERE posts_search MATCH ${word}
              UNION SELECT rowid FROM posts_heading WHERE posts_heading MATCH ${word}
              UNION SELECT rowid FROM posts_body WHERE posts_body MATCH ${word} ORDER BY id`.execute(db);
        return rows.rows.map((r) => r.id);
      };
      expect(await found('heron')).toEqual([post.id]);

      expect((await migrator.migrateTo('0055_posts_elsewhere')).error).toBeUndefined();
      // Nothing that points at posts went with the rebuilt table (SQLite's DROP TABLE would have cascaded).
      expect(await db.selectFrom('likes').select('post_id').execute()).toEqual([{ post_id: post.id }]);
      expect(await db.selectFrom('saves').select('post_id').execute()).toEqual([{ post_id: post.id }]);
      expect(await db.selectFrom('comments').select('post_id').execute()).toEqual([{ post_id: post.id }]);
      expect(await db.selectFrom('replies').select('post_id').execute()).toEqual([{ post_id: post.id }]);
      expect(await db.selectFrom('posts').select(['id', 'title', 'category_id', 'body_text', 'ap_id', 'url']).execute()).toEqual([
        { id: post.id, title: 'Heron', category_id: category.id, body_text: 'Numbat', ap_id: null, url: null },
      ]);
      // The search still finds it, and its triggers came back: a renamed post is found by its new words only.
      expect(await found('heron')).toEqual([post.id]);
      expect(await found('quokka')).toEqual([post.id]);
      expect(await found('numbat')).toEqual([post.id]);
      await db.updateTable('posts').set({ title: 'Egret', sub_title: 'Wallaby', body_text: 'Bilby' }).where('id', '=', post.id).execute();
      expect(await found('heron')).toEqual([]);
      expect(await found('egret')).toEqual([post.id]);
      expect(await found('wallaby')).toEqual([post.id]);
      expect(await found('bilby')).toEqual([post.id]);

      // A story from elsewhere: no topic, its object id and its page; AUTOINCREMENT's high-water mark came through.
      const far = await accountElsewhere(db, 'far', now);
      const story = { user_id: far.user, title: 'Far away', sub_title: '', description: '<p>Hi</p>', image: null, created_at: now, updated_at: now };
      const kept = await db
        .insertInto('posts')
        .values({ ...story, category_id: null, ap_id: 'https://far.example/notes/1', url: 'https://far.example/@far/1' })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(kept.id).toBeGreaterThan(gone.id);
      expect(await found('far')).toEqual([kept.id]);
      await db.insertInto('likes').values({ post_id: kept.id, user_id: reader.id, created_at: now }).execute();
      // The same story twice is refused; a member's post without a topic is refused; foreign keys hold again.
      await expect(
        db
          .insertInto('posts')
          .values({ ...story, category_id: null, ap_id: 'https://far.example/notes/1' })
          .execute(),
      ).rejects.toSatisfy(isUniqueViolation);
      await expect(
        db
          .insertInto('posts')
          .values({ ...story, user_id: writer.id, category_id: null })
          .execute(),
      ).rejects.toThrow(/posts_from_elsewhere|CHECK/i);
      await expect(db.insertInto('likes').values({ post_id: 999_999, user_id: reader.id, created_at: now }).execute()).rejects.toSatisfy(isForeignKeyViolation);

      expect((await migrator.migrateTo('0054_comments_folded')).error).toBeUndefined();
      // Down: the story from elsewhere is gone with its like; the member's post and what hangs on it stay, found as before.
      expect(await db.selectFrom('posts').select('id').execute()).toEqual([{ id: post.id }]);
      expect(await db.selectFrom('likes').select('post_id').execute()).toEqual([{ post_id: post.id }]);
      expect(await db.selectFrom('replies').select('post_id').execute()).toEqual([{ post_id: post.id }]);
      expect(await found('egret')).toEqual([post.id]);
      expect(await found('far')).toEqual([]);
      await expect(
        db
          .insertInto('posts')
          .values({ ...story, user_id: writer.id, category_id: null })
          .execute(),
      ).rejects.toThrow(/NOT NULL|null value/i);
    });
  });
});
