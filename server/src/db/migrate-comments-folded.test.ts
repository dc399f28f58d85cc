import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { aUser } from '../test/factories.ts';
import { nowIso } from './database.ts';
import { accountElsewhere, onOwnDatabase } from './migrate.testkit.ts';
import { seedCategories } from './seed-categories.ts';
import { earlier } from './schema/dropped.ts';

/** The fold's migration 0054 (remote_comments into comments and replies), beside db/migrate.test.ts (same helpers). */

const at = (day: number, hour = 0) => `2026-11-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`;

describe('0054_comments_folded', () => {
  it('makes the fediverse threads comments and replies (Note ids, pages, chains, notifications, owed answers), and puts them back down', async () => {
    await onOwnDatabase(async (db, migrator) => {
      expect((await migrator.migrateTo('0053_comments_elsewhere')).error).toBeUndefined();
      await seedCategories(db);
      const ada = await aUser(db, { name: 'Ada' });
      const bo = await aUser(db, { name: 'Bo' });
      const now = nowIso();
      const category = await db.selectFrom('categories').select('id').executeTakeFirstOrThrow();
      // Six comments counted: four from the fediverse, Bo's comment and Ada's reply to it.
      const post = await db
        .insertInto('posts')
        .values({
          user_id: ada.id,
          category_id: category.id,
          title: 'T',
          sub_title: 'S',
          description: '<p>x</p>',
          image: null,
          created_at: now,
          updated_at: now,
          comments_count: 6,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const far = await accountElsewhere(db, 'far', now);
      const wide = await accountElsewhere(db, 'wide', now);

      // A member's ordinary comment and reply, before the fediverse's rows (so their ids come first).
      const ordinaryComment = await db
        .insertInto('comments')
        .values({ user_id: bo.id, post_id: post.id, body: 'Mine', created_at: at(1), updated_at: at(1) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ordinaryReply = await db
        .insertInto('replies')
        .values({ user_id: ada.id, comment_id: ordinaryComment.id, post_id: post.id, body: 'Thanks', created_at: at(1, 1), updated_at: at(1, 1) })
        .returning('id')
        .executeTakeFirstOrThrow();

      const remote = async (values: { actor?: number; user?: number; thread?: number; replyTo?: number; note?: string; url?: string; body: string; day: number }) =>
        (
          await sql<{ id: number }>`INSERT INTO remote_comments (post_id, actor_id, user_id, thread_id, reply_to_id, note_uri, url, body, created_at, updated_at)
            VALUES (${post.id}, ${values.actor ?? null}, ${values.user ?? null}, ${values.thread ?? null}, ${values.replyTo ?? null}, ${values.note ?? null},
              ${values.url ?? null}, ${values.body}, ${at(values.day)}, ${at(values.day, 5)}) RETURNING id`.execute(db)
        ).rows[0]!.id;
      // A thread: far's reply to the story, wide's answer to it, Bo's answer to wide's; a second thread of far's alone.
      const a = await remote({ actor: far.actor, note: 'https://far.example/notes/1', url: 'https://far.example/@far/1', body: 'A', day: 2 });
      const b = await remote({ actor: wide.actor, thread: a, note: 'https://wide.example/notes/1', url: 'https://wide.example/@wide/1', body: 'B', day: 3 });
      const m = await remote({ user: bo.id, thread: a, replyTo: b, body: 'M', day: 4 });
      await remote({ actor: far.actor, note: 'https://far.example/notes/2', url: 'https://far.example/@far/2', body: 'A2', day: 5 });

      const notice = async (actor: number, source: { remote?: number; comment?: number }) =>
        (
          await sql<{ id: number }>`INSERT INTO notifications (user_id, actor_id, type, post_id, comment_id, remote_comment_id, message, created_at, updated_at)
            VALUES (${ada.id}, ${actor}, 'comment', ${post.id}, ${source.comment ?? null}, ${source.remote ?? null}, 'replied', ${now}, ${now}) RETURNING id`.execute(db)
        ).rows[0]!.id;
      const aNotice = await notice(far.user, { remote: a });
      const bNotice = await notice(wide.user, { remote: b });
      const mNotice = await notice(bo.id, { remote: m });
      const ordinaryNotice = await notice(bo.id, { comment: ordinaryComment.id });
      const owe = async (kind: string, subject: string) =>
        (
          await sql<{ id: number }>`INSERT INTO federation_deliveries (post_id, writer_id, kind, recipients, created_at, subject)
            VALUES (NULL, ${bo.id}, ${kind}, ${kind === 'delete' ? '[]' : null}, ${now}, ${subject}) RETURNING id`.execute(db)
        ).rows[0]!.id;
      const owedCreate = await owe('create', `answer:${m}`);
      // The Delete of an answer whose row is gone: it keeps the id it went out with.
      const owedDelete = await owe('delete', 'answer:999999');

      const ordinary = async () => ({
        comments: await db.selectFrom('comments').selectAll().where('id', '=', ordinaryComment.id).execute(),
        replies: await db.selectFrom('replies').selectAll().where('id', '=', ordinaryReply.id).execute(),
      });
      const ordinaryBefore = await ordinary();
      expect(ordinaryBefore.comments).toHaveLength(1);
      expect(ordinaryBefore.replies).toHaveLength(1);
      const comments = () => db.selectFrom('comments').select(['id', 'user_id', 'post_id', 'body', 'created_at', 'updated_at', 'ap_id', 'url']).orderBy('id').execute();
      const replies = () =>
        db.selectFrom('replies').select(['id', 'user_id', 'comment_id', 'post_id', 'reply_to_id', 'body', 'created_at', 'updated_at', 'ap_id', 'url']).orderBy('id').execute();
      const notices = () => earlier(db).selectFrom('notifications').select(['id', 'comment_id', 'reply_id', 'remote_comment_id']).orderBy('id').execute();
      const subjects = () => db.selectFrom('federation_deliveries').select(['id', 'kind', 'subject']).orderBy('id').execute();
      const remoteRows = async () =>
        (
          await sql<{
            id: number;
            actor_id: number | null;
            user_id: number | null;
            thread_id: number | null;
            reply_to_id: number | null;
            note_uri: string | null;
            url: string | null;
            body: string;
            created_at: string;
            updated_at: string;
          }>`SELECT id, actor_id, user_id, thread_id, reply_to_id, note_uri, url, body, created_at, updated_at FROM remote_comments ORDER BY created_at`.execute(db)
        ).rows;
      const commentsCount = async () => (await db.selectFrom('posts').select('comments_count').where('id', '=', post.id).executeTakeFirstOrThrow()).comments_count;

      expect((await migrator.migrateTo('0054_comments_folded')).error).toBeUndefined();
      const folded = await comments();
      expect(folded).toEqual([
        { ...folded[0]!, id: ordinaryComment.id, user_id: bo.id, ap_id: null, url: null },
        {
          id: expect.any(Number),
          user_id: far.user,
          post_id: post.id,
          body: 'A',
          created_at: at(2),
          updated_at: at(2, 5),
          ap_id: 'https://far.example/notes/1',
          url: 'https://far.example/@far/1',
        },
        {
          id: expect.any(Number),
          user_id: far.user,
          post_id: post.id,
          body: 'A2',
          created_at: at(5),
          updated_at: at(5, 5),
          ap_id: 'https://far.example/notes/2',
          url: 'https://far.example/@far/2',
        },
      ]);
      const [, aComment, a2Comment] = folded.map((row) => row.id);
      expect(aComment).toBeLessThan(a2Comment!);
      const answers = await replies();
      expect(answers).toEqual([
        { ...answers[0]!, id: ordinaryReply.id, comment_id: ordinaryComment.id, reply_to_id: null, ap_id: null, url: null },
        {
          id: expect.any(Number),
          user_id: wide.user,
          comment_id: aComment,
          post_id: post.id,
          reply_to_id: null,
          body: 'B',
          created_at: at(3),
          updated_at: at(3, 5),
          ap_id: 'https://wide.example/notes/1',
          url: 'https://wide.example/@wide/1',
        },
        {
          id: expect.any(Number),
          user_id: bo.id,
          comment_id: aComment,
          post_id: post.id,
          reply_to_id: answers[1]!.id,
          body: 'M',
          created_at: at(4),
          updated_at: at(4, 5),
          ap_id: `/ap/notes/${m}`,
          url: null,
        },
      ]);
      const [, bReply, mReply] = answers.map((row) => row.id);
      expect(await notices()).toEqual([
        { id: aNotice, comment_id: aComment, reply_id: null, remote_comment_id: null },
        { id: bNotice, comment_id: null, reply_id: bReply, remote_comment_id: null },
        { id: mNotice, comment_id: null, reply_id: mReply, remote_comment_id: null },
        { id: ordinaryNotice, comment_id: ordinaryComment.id, reply_id: null, remote_comment_id: null },
      ]);
      expect(await subjects()).toEqual([
        { id: owedCreate, kind: 'create', subject: `reply:${mReply}` },
        { id: owedDelete, kind: 'delete', subject: 'answer:999999' },
      ]);
      expect(await remoteRows()).toEqual([]);
      expect(await commentsCount()).toBe(6);
      expect(await ordinary()).toEqual(ordinaryBefore);

      expect((await migrator.migrateTo('0053_comments_elsewhere')).error).toBeUndefined();
      const back = await remoteRows();
      const row = (body: string) => back.find((r) => r.body === body)!;
      expect(back).toEqual([
        {
          id: row('A').id,
          actor_id: far.actor,
          user_id: null,
          thread_id: null,
          reply_to_id: null,
          note_uri: 'https://far.example/notes/1',
          url: 'https://far.example/@far/1',
          body: 'A',
          created_at: at(2),
          updated_at: at(2, 5),
        },
        {
          id: row('B').id,
          actor_id: wide.actor,
          user_id: null,
          thread_id: row('A').id,
          reply_to_id: null,
          note_uri: 'https://wide.example/notes/1',
          url: 'https://wide.example/@wide/1',
          body: 'B',
          created_at: at(3),
          updated_at: at(3, 5),
        },
        // The member's answer gets its id back: its Note is /ap/notes/<id> again.
        { id: m, actor_id: null, user_id: bo.id, thread_id: row('A').id, reply_to_id: row('B').id, note_uri: null, url: null, body: 'M', created_at: at(4), updated_at: at(4, 5) },
        {
          id: row('A2').id,
          actor_id: far.actor,
          user_id: null,
          thread_id: null,
          reply_to_id: null,
          note_uri: 'https://far.example/notes/2',
          url: 'https://far.example/@far/2',
          body: 'A2',
          created_at: at(5),
          updated_at: at(5, 5),
        },
      ]);
      expect(new Set(back.map((r) => r.id)).size).toBe(4);
      expect(await notices()).toEqual([
        { id: aNotice, comment_id: null, reply_id: null, remote_comment_id: row('A').id },
        { id: bNotice, comment_id: null, reply_id: null, remote_comment_id: row('B').id },
        { id: mNotice, comment_id: null, reply_id: null, remote_comment_id: m },
        { id: ordinaryNotice, comment_id: ordinaryComment.id, reply_id: null, remote_comment_id: null },
      ]);
      expect(await subjects()).toEqual([
        { id: owedCreate, kind: 'create', subject: `answer:${m}` },
        { id: owedDelete, kind: 'delete', subject: 'answer:999999' },
      ]);
      expect((await comments()).map((c) => c.id)).toEqual([ordinaryComment.id]);
      expect((await replies()).map((r) => r.id)).toEqual([ordinaryReply.id]);
      expect(await ordinary()).toEqual(ordinaryBefore);
      expect(await commentsCount()).toBe(6);

      // Up again: the member's answer keeps the Note id it was first published at (and now comes first, by its old id).
      expect((await migrator.migrateTo('0054_comments_folded')).error).toBeUndefined();
      const again = await replies();
      const reply = (body: string) => again.find((r) => r.body === body)!;
      expect(again.map((r) => r.ap_id)).toEqual([null, `/ap/notes/${m}`, 'https://wide.example/notes/1']);
      expect(reply('M').reply_to_id).toBe(reply('B').id);
      expect(await remoteRows()).toEqual([]);
    });
  });

  it('moves a thread whole or not at all, and takes back down only what remote_comments can hold', async () => {
    await onOwnDatabase(async (db, migrator) => {
      expect((await migrator.migrateTo('0053_comments_elsewhere')).error).toBeUndefined();
      await seedCategories(db);
      const ada = await aUser(db, { name: 'Ada' });
      const bo = await aUser(db, { name: 'Bo' });
      const now = nowIso();
      const category = await db.selectFrom('categories').select('id').executeTakeFirstOrThrow();
      const post = await db
        .insertInto('posts')
        .values({ user_id: ada.id, category_id: category.id, title: 'T', sub_title: 'S', description: '<p>x</p>', image: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const far = await accountElsewhere(db, 'far', now);
      // An actor 0046 could not bridge (no row of users): the thread it answered in stays where it is.
      const lost = await earlier(db)
        .insertInto('remote_actors')
        .values({ uri: 'lost', inbox: 'https://lost.example/inbox', handle: '@lost@lost.example', updated_at: now, user_id: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const remote = async (actor: number, thread: number | null, note: string, day: number) =>
        (
          await sql<{ id: number }>`INSERT INTO remote_comments (post_id, actor_id, user_id, thread_id, reply_to_id, note_uri, url, body, created_at, updated_at)
            VALUES (${post.id}, ${actor}, NULL, ${thread}, NULL, ${note}, NULL, ${note}, ${at(day)}, ${at(day)}) RETURNING id`.execute(db)
        ).rows[0]!.id;
      const kept = await remote(far.actor, null, 'https://far.example/notes/9', 1);
      const lostAnswer = await remote(lost.id, kept, 'https://lost.example/notes/1', 2);
      await remote(far.actor, null, 'https://far.example/notes/10', 3);
      await sql`INSERT INTO notifications (user_id, actor_id, type, post_id, remote_comment_id, message, created_at, updated_at)
        VALUES (${ada.id}, ${far.user}, 'comment', ${post.id}, ${kept}, 'replied', ${now}, ${now})`.execute(db);
      const remoteIds = async () => (await sql<{ id: number }>`SELECT id FROM remote_comments ORDER BY id`.execute(db)).rows.map((r) => r.id);

      expect((await migrator.migrateTo('0054_comments_folded')).error).toBeUndefined();
      expect(await remoteIds()).toEqual([kept, lostAnswer]);
      expect(await earlier(db).selectFrom('notifications').select(['comment_id', 'reply_id', 'remote_comment_id']).execute()).toEqual([
        { comment_id: null, reply_id: null, remote_comment_id: kept },
      ]);
      const farComment = await db.selectFrom('comments').select('id').where('ap_id', '=', 'https://far.example/notes/10').executeTakeFirstOrThrow();
      expect((await db.selectFrom('comments').select('id').execute()).map((c) => c.id)).toEqual([farComment.id]);

      // Written since: Bo's reply in far's thread (goes back with it, as a member's answer), far's reply
      // to Bo's own comment (stays: remote_comments had no place for it), and a comment by an account
      // without its remote_actors row (stays).
      await db
        .insertInto('replies')
        .values({ user_id: bo.id, comment_id: farComment.id, post_id: post.id, body: 'Hi far', created_at: at(4), updated_at: at(4) })
        .execute();
      const boComment = await db
        .insertInto('comments')
        .values({ user_id: bo.id, post_id: post.id, body: 'Mine', created_at: at(5), updated_at: at(5) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('replies')
        .values({ user_id: far.user, comment_id: boComment.id, post_id: post.id, body: 'Hi Bo', created_at: at(6), updated_at: at(6), ap_id: 'https://far.example/notes/11' })
        .execute();
      const bare = await db
        .insertInto('users')
        .values({ email: null, email_normalized: null, name: 'bare', domain: 'bare.example', ap_id: 'https://bare.example/users/bare', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('comments')
        .values({ user_id: bare.id, post_id: post.id, body: 'Bare', created_at: at(7), updated_at: at(7), ap_id: 'https://bare.example/notes/1' })
        .execute();

      expect((await migrator.migrateTo('0053_comments_elsewhere')).error).toBeUndefined();
      const back = (
        await sql<{ actor_id: number | null; user_id: number | null; thread_id: number | null; note_uri: string | null; body: string }>`
          SELECT actor_id, user_id, thread_id, note_uri, body FROM remote_comments ORDER BY id`.execute(db)
      ).rows;
      const farBack = (await remoteIds())[2];
      expect(back).toEqual([
        { actor_id: far.actor, user_id: null, thread_id: null, note_uri: 'https://far.example/notes/9', body: 'https://far.example/notes/9' },
        { actor_id: lost.id, user_id: null, thread_id: kept, note_uri: 'https://lost.example/notes/1', body: 'https://lost.example/notes/1' },
        { actor_id: far.actor, user_id: null, thread_id: null, note_uri: 'https://far.example/notes/10', body: 'https://far.example/notes/10' },
        { actor_id: null, user_id: bo.id, thread_id: farBack, note_uri: null, body: 'Hi far' },
      ]);
      expect((await db.selectFrom('comments').select('body').orderBy('id').execute()).map((c) => c.body)).toEqual(['Mine', 'Bare']);
      expect((await db.selectFrom('replies').select('body').orderBy('id').execute()).map((r) => r.body)).toEqual(['Hi Bo']);
    });
  });
});
