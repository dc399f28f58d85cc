import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nowIso, preparedName } from '../db/database.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, type TestUser, aPost, aUser, anAccountElsewhere, signIn } from '../test/factories.ts';
import { SQL } from './feed.repository.ts';

/**
 * The post page (`post/details`) answers the same on both databases: comments newest first, replies
 * oldest first under their comment, deactivated members' and blocked members' left out. On PostgreSQL
 * it is one named prepared statement (SQL.postPage), prepared once per connection.
 */
const postgres = process.env.INKWELL_TEST_DB === 'postgres';
let t: TestApp;
let writer: TestUser;
let reader: TestUser;
let session: Session;

beforeAll(async () => {
  // One connection, so that pg_prepared_statements (per connection) shows what the reads prepared.
  t = await buildTestApp({ pool: { max: 1 } });
  writer = await aUser(t.db, { name: 'Writer' });
  reader = await aUser(t.db, { name: 'Reader' });
  session = await signIn(t.app, reader);
});
afterAll(() => t.close());

const details = (postId: number, headers: Record<string, string> = {}, userId?: number) =>
  t.app.inject({ method: 'POST', url: '/api/user/post/details', payload: { post_id: postId, ...(userId ? { user_id: userId } : {}) }, headers });

let clock = Date.parse('2026-01-01T00:00:00.000Z');
const at = () => new Date((clock += 1000)).toISOString();

async function comment(postId: number, userId: number, body: string) {
  const time = at();
  const row = await t.db.insertInto('comments').values({ post_id: postId, user_id: userId, body, created_at: time, updated_at: time }).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, created_at: time };
}

async function reply(postId: number, commentId: number, userId: number, body: string) {
  const time = at();
  const row = await t.db
    .insertInto('replies')
    .values({ post_id: postId, comment_id: commentId, user_id: userId, body, created_at: time, updated_at: time })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created_at: time };
}

describe('post details', () => {
  it('answers comments and replies in order, leaving out deactivated members and those the reader blocked', async () => {
    const alice = await aUser(t.db, { name: 'Alice' });
    const bob = await aUser(t.db, { name: 'Bob' });
    const nameless = await aUser(t.db, { name: null });
    const gone = await aUser(t.db, { name: 'Gone' });
    await t.db.updateTable('users').set({ profile_picture: 'avatars/alice.webp' }).where('id', '=', alice.id).execute();
    const { id: postId } = await aPost(t.db, { userId: writer.id, title: 'Threads', description: '<p>Body "quoted" é ✓</p>' });
    await t.db.insertInto('likes').values({ post_id: postId, user_id: reader.id, created_at: nowIso() }).execute();
    await t.db.insertInto('saves').values({ post_id: postId, user_id: reader.id, created_at: nowIso() }).execute();

    const first = await comment(postId, alice.id, 'First <b>words</b>\n"quoted" \\ ✓');
    const byBob = await comment(postId, bob.id, 'Bob speaks');
    const byGone = await comment(postId, gone.id, 'Soon gone');
    const last = await comment(postId, nameless.id, 'No name');
    const bobReply = await reply(postId, first.id, bob.id, 'Bob answers');
    const aliceReply = await reply(postId, first.id, alice.id, 'Alice again');
    await reply(postId, byGone.id, alice.id, 'Under a gone comment');
    await reply(postId, first.id, gone.id, 'A gone reply');
    const namelessReply = await reply(postId, last.id, nameless.id, 'Myself');
    await t.db.updateTable('users').set({ deactivated_at: nowIso() }).where('id', '=', gone.id).execute();
    await t.db.insertInto('blocks').values({ blocker_id: reader.id, blocked_id: bob.id, created_at: nowIso() }).execute();

    const user = (u: TestUser, name: string | null, picture: string | null = null) => ({ id: u.id, name, profile_picture: picture });
    const aliceUser = user(alice, 'Alice', 'avatars/alice.webp');
    const commentOf = (c: { id: number; created_at: string }, u: TestUser, text: string, author: object, replies: object[]) => ({
      id: c.id,
      user_id: u.id,
      post_id: postId,
      comments: text,
      created_at: c.created_at,
      user: author,
      elsewhere: null,
      replies,
    });
    const replyOf = (r: { id: number; created_at: string }, commentId: number, u: TestUser, text: string, author: object) => ({
      id: r.id,
      user_id: u.id,
      comment_id: commentId,
      reply_to_id: null,
      reply: text,
      created_at: r.created_at,
      user: author,
      elsewhere: null,
    });

    const visitor = await details(postId);
    expect(visitor.statusCode).toBe(200);
    const seen = visitor.json().post;
    expect(seen).toMatchObject({ id: postId, title: 'Threads', description: '<p>Body "quoted" é ✓</p>', is_like: false, is_saved: false });
    expect(seen.user_data).toEqual({ id: writer.id, name: 'Writer', profile_picture: null });
    expect(seen.comments).toEqual([
      commentOf(last, nameless, 'No name', user(nameless, null), [replyOf(namelessReply, last.id, nameless, 'Myself', user(nameless, null))]),
      commentOf(byBob, bob, 'Bob speaks', user(bob, 'Bob'), []),
      commentOf(first, alice, 'First <b>words</b>\n"quoted" \\ ✓', aliceUser, [
        replyOf(bobReply, first.id, bob, 'Bob answers', user(bob, 'Bob')),
        replyOf(aliceReply, first.id, alice, 'Alice again', aliceUser),
      ]),
    ]);

    const mine = (await details(postId, session.headers, reader.id)).json().post;
    expect(mine).toMatchObject({ is_like: true, is_saved: true });
    expect(mine.comments).toEqual([
      commentOf(last, nameless, 'No name', user(nameless, null), [replyOf(namelessReply, last.id, nameless, 'Myself', user(nameless, null))]),
      commentOf(first, alice, 'First <b>words</b>\n"quoted" \\ ✓', aliceUser, [replyOf(aliceReply, first.id, alice, 'Alice again', aliceUser)]),
    ]);
  });

  it('lists a comment and a reply of an account elsewhere with the others, as its own, and its story’s writer removes them with the ordinary calls', async () => {
    const dave = await anAccountElsewhere(t.db, 'Dave Elsewhere');
    const [row] = await t.db.selectFrom('users').select(['handle', 'url', 'domain']).where('id', '=', dave.id).execute();
    await t.db
      .updateTable('users')
      .set({ icon_url: `https://${row!.domain}/dave.png` })
      .where('id', '=', dave.id)
      .execute();
    const { id: postId } = await aPost(t.db, { userId: writer.id, title: 'From afar' });
    const time = at();
    const note = `https://${row!.domain}/notes/1`;
    const fromThere = await t.db
      .insertInto('comments')
      .values({ post_id: postId, user_id: dave.id, body: 'Hello from there', created_at: time, updated_at: time, ap_id: note, url: `https://${row!.domain}/@dave/1` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const answer = await reply(postId, fromThere.id, reader.id, 'Hello back');
    const again = await t.db
      .insertInto('replies')
      .values({
        post_id: postId,
        comment_id: fromThere.id,
        user_id: dave.id,
        reply_to_id: answer.id,
        body: 'Thanks',
        created_at: at(),
        updated_at: at(),
        ap_id: `${note}/2`,
        url: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The Note's id is one comment's: delivered twice, it is refused.
    await expect(
      t.db.insertInto('comments').values({ post_id: postId, user_id: dave.id, body: 'Twice', created_at: time, updated_at: time, ap_id: note }).execute(),
    ).rejects.toThrow();

    // /block names the account by its row of users.
    const elsewhere = { handle: row!.handle, icon_url: `https://${row!.domain}/dave.png`, profile_url: row!.url, account_id: dave.id };
    const [shown] = (await details(postId)).json().post.comments;
    expect(shown).toMatchObject({
      id: fromThere.id,
      user_id: dave.id,
      comments: 'Hello from there',
      user: { id: dave.id, name: 'Dave Elsewhere', profile_picture: null },
      elsewhere: { ...elsewhere, url: `https://${row!.domain}/@dave/1` },
    });
    expect(shown.replies).toEqual([
      expect.objectContaining({ id: answer.id, user_id: reader.id, elsewhere: null }),
      expect.objectContaining({ id: again.id, user_id: dave.id, reply_to_id: answer.id, reply: 'Thanks', elsewhere: { ...elsewhere, url: null } }),
    ]);

    // The story's writer removes the account's reply, then its comment, as a member's (canDeleteComment).
    const owner = await signIn(t.app, writer);
    const removeReply = await t.app.inject({ method: 'POST', url: '/api/user/reply-delete', payload: { id: again.id }, headers: owner.headers });
    expect(removeReply.statusCode, removeReply.body).toBe(200);
    const removeComment = await t.app.inject({ method: 'POST', url: '/api/user/comment-delete', payload: { id: fromThere.id }, headers: owner.headers });
    expect(removeComment.statusCode, removeComment.body).toBe(200);
    expect((await details(postId)).json().post.comments).toEqual([]);
  });

  it('answers a post without comments with an empty list, and 404 for a deactivated author’s post', async () => {
    const { id } = await aPost(t.db, { userId: writer.id, title: 'Quiet' });
    expect((await details(id)).json().post.comments).toEqual([]);
    const author = await aUser(t.db);
    const { id: hidden } = await aPost(t.db, { userId: author.id });
    await t.db.updateTable('users').set({ deactivated_at: nowIso() }).where('id', '=', author.id).execute();
    expect((await details(hidden)).statusCode).toBe(404);
  });
});

/** What pg's client.query was given: a prepared statement's name, or the text of another query. */
const statementOf = (config: unknown) => (typeof config === 'object' && config !== null && 'name' in config ? String((config as { name: unknown }).name) : String(config));

describe.runIf(postgres)('post details on PostgreSQL', () => {
  it('is one statement, the named prepared SQL.postPage', async () => {
    const { id } = await aPost(t.db, { userId: writer.id });
    await comment(id, writer.id, 'Counted');
    await details(id); // warm: the session lookup's and the page's statements prepared
    const query = vi.spyOn(pg.Client.prototype, 'query');
    try {
      expect((await details(id)).statusCode).toBe(200);
      const visitor = query.mock.calls.map((args) => statementOf(args[0]));
      query.mockClear();
      expect((await details(id, session.headers, reader.id)).statusCode).toBe(200);
      const signedIn = query.mock.calls.map((args) => statementOf(args[0]));
      expect(visitor).toEqual([preparedName(SQL.postPage)]);
      // Signed in (nothing kept in memory here): the session, the page beside the reader's blocks, their flags.
      expect(signedIn).toHaveLength(4);
      expect(signedIn).toContain(preparedName(SQL.postPage));
      expect(signedIn[3]).toBe(preparedName(SQL.pageFlags));
    } finally {
      query.mockRestore();
    }
  });

  it('costs a signed-in reader one statement, their like and save, and none while both are kept in memory', async () => {
    const cached = await buildTestApp({ config: { feedCacheMs: 60_000 } });
    try {
      const author = await aUser(cached.db);
      const member = await aUser(cached.db);
      const other = await aUser(cached.db);
      const { id } = await aPost(cached.db, { userId: author.id });
      const headers = (await signIn(cached.app, member)).headers;
      const otherHeaders = (await signIn(cached.app, other)).headers;
      const read = (as: Record<string, string>) => cached.app.inject({ method: 'POST', url: '/api/user/post/details', payload: { post_id: id }, headers: as });
      expect((await read(headers)).statusCode).toBe(200); // the session, the page, the reader's blocks and flags are kept
      expect((await read(otherHeaders)).statusCode).toBe(200);
      const query = vi.spyOn(pg.Client.prototype, 'query');
      try {
        expect((await read(headers)).json().post).toMatchObject({ id, is_like: false, is_saved: false });
        expect(query.mock.calls.map((args) => statementOf(args[0]))).toEqual([]);
        // A third reader, whose session is not kept yet: the session, their blocks, their like and save.
        const third = await aUser(cached.db);
        const thirdHeaders = (await signIn(cached.app, third)).headers; // a write: drops every kept thing
        query.mockClear();
        expect((await read(thirdHeaders)).statusCode).toBe(200);
        expect(query.mock.calls.map((args) => statementOf(args[0]))).toContain(preparedName(SQL.pageFlags));
      } finally {
        query.mockRestore();
      }
    } finally {
      await cached.close();
    }
  });

  it('prepares each read once per connection (protocol level, as PgBouncer 1.21+ tracks) and runs it again by name', async () => {
    const { id } = await aPost(t.db, { userId: writer.id });
    const runs = async () =>
      (
        await t.database.all<{ from_sql: boolean; statement: string; runs: number }>(
          'SELECT from_sql, statement, generic_plans + custom_plans AS runs FROM pg_prepared_statements WHERE name = ?',
          [preparedName(SQL.postPage)],
        )
      )[0];
    const before = (await runs())?.runs ?? 0;
    for (let i = 0; i < 3; i += 1) expect((await details(id)).statusCode).toBe(200);
    const after = await runs();
    expect(after).toMatchObject({ from_sql: false, runs: before + 3 });
    expect(after!.statement).toContain('json_agg');
  });
});
