import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSpam } from '../config-spam.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aPost, aUser, aged, signIn } from '../test/factories.ts';
import { SPAM_TEXT, linksIn } from './spam.ts';

/** The spam defences of comments and replies (issue 47), as configured by default, on SQLite or PostgreSQL. */
let t: TestApp;
let writer: Session;
let postId: number;
beforeAll(async () => {
  t = await buildTestApp({ config: { spam: defaultSpam } });
  writer = await signIn(t.app, await aUser(t.db, { name: 'Writer' }));
  postId = (await aPost(t.db, { userId: writer.id })).id;
});
afterAll(() => t.close());

const comment = (who: Session, text: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/comment', payload: { user_id: who.id, post_id: postId, comments: text }, headers: who.headers });
const reply = (who: Session, commentId: number, text: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/replies', payload: { user_id: who.id, post_id: postId, comment_id: commentId, reply: text }, headers: who.headers });
const newMember = async () => signIn(t.app, await aUser(t.db));
/** A member whose account was made two days ago. */
const oldMember = async () => signIn(t.app, await aged(t.db, await aUser(t.db)));
const countOf = async (userId: number) => (await t.db.selectFrom('comments').select('id').where('user_id', '=', userId).execute()).length;

describe('links in a new account’s comment', () => {
  it('counts addresses as a reader sees them', () => {
    expect(linksIn('see https://a.example/x and http://b.example, www.c.example; not d.example')).toBe(3);
    expect(linksIn('no links here')).toBe(0);
  });

  it('takes two, refuses a third with the rule in words under the box, and takes any number from an older account', async () => {
    const fresh = await newMember();
    expect((await comment(fresh, 'Two: https://a.example and www.b.example')).statusCode).toBe(200);
    const refused = await comment(fresh, 'Three: https://a.example https://b.example https://c.example');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ comments: [SPAM_TEXT.links(2)] });
    expect(await countOf(fresh.id)).toBe(1);
    expect((await comment(await oldMember(), 'Three: https://a.example https://b.example https://c.example')).statusCode).toBe(200);
  });
});

describe('a new account’s comments an hour', () => {
  it('takes ten, answers the eleventh 429 with when to try again, and leaves an older account alone', async () => {
    const fresh = await newMember();
    for (let i = 0; i < 10; i += 1) expect((await comment(fresh, `Thought number ${i}`)).statusCode).toBe(200);
    const eleventh = await comment(fresh, 'Thought number 10');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe(SPAM_TEXT.perHour(10));
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await countOf(fresh.id)).toBe(10);
    // An hour later (its writings moved back in time), it may write again.
    await t.db
      .updateTable('comments')
      .set({ created_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where('user_id', '=', fresh.id)
      .execute();
    expect((await comment(fresh, 'Thought number 11')).statusCode).toBe(200);

    const older = await oldMember();
    for (let i = 0; i < 12; i += 1) expect((await comment(older, `Older thought ${i}`)).statusCode).toBe(200);
  });
});

describe('the same text again', () => {
  it('is refused within ten minutes, as a comment or a reply, whatever its case and spacing, then taken', async () => {
    const older = await oldMember();
    const first = await comment(older, 'Great post!');
    expect(first.statusCode).toBe(200);
    const again = await comment(older, '  great   POST! ');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ comments: [SPAM_TEXT.repeat] });
    const asReply = await reply(older, first.json().id, 'Great post!');
    expect(asReply.statusCode).toBe(422);
    expect(asReply.json().errors).toEqual({ reply: [SPAM_TEXT.repeat] });
    // Someone else may say the same.
    expect((await comment(await oldMember(), 'Great post!')).statusCode).toBe(200);
    await t.db
      .updateTable('comments')
      .set({ created_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where('user_id', '=', older.id)
      .execute();
    expect((await comment(older, 'Great post!')).statusCode).toBe(200);
  });
});
