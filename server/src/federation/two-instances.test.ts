import { FEDIVERSE_ACCOUNT_INVALID, type PostCard, type PostDetail } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, firstCategoryId, send } from '../posts/testing.ts';
import type { TestApp } from '../test/app.ts';
import { PASSWORD, type Session, signIn } from '../test/factories.ts';
import { until } from '../test/until.ts';
import { anActor, expectMigrationRoundTrip, federatedApp } from './federation.testkit.ts';
import { FOLLOW_MESSAGES } from '../social/follows.service.ts';
import { LOOKUP_MESSAGES } from './following.ts';

/**
 * Two Inkwell instances on 127.0.0.1 (their own ports and databases, SQLite or PostgreSQL as
 * INKWELL_TEST_DB says), talking with real signatures (issue 30): a member of one follows a member of
 * the other by their actor's address (looked up, then the ordinary follow: ADR 0085), is accepted, is
 * listed on both sides, and unfollows.
 */
let one: { t: TestApp; base: string };
let two: { t: TestApp; base: string };

beforeAll(async () => {
  one = await federatedApp();
  two = await federatedApp();
}, 240_000);
afterAll(async () => {
  await one?.t.close();
  await two?.t.close();
});

const call = async (t: TestApp, session: Session | null, path: string, payload: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'POST', url: `/api/user/${path}`, headers: session?.headers ?? {}, payload });
  return { status: res.statusCode, json: res.json() };
};
/** One's own following list (ADR 0085: the ordinary one), its accounts elsewhere: waiting for their Accept ('pending') or accepted. */
const followingOf = async (session: Session) =>
  (
    (await call(one.t, session, 'following', { profile_id: session.id, user_id: session.id })).json.data as Array<{
      id: number;
      elsewhere: { handle: string } | null;
      pending?: boolean;
    }>
  )
    .filter((person) => person.elsewhere)
    .map((person) => ({ account_id: person.id, handle: person.elsewhere!.handle, state: person.pending ? 'pending' : 'accepted' }));
/** A member's followers on Two that are accounts elsewhere, from the ordinary list. */
const followersOf = async (id: number) =>
  ((await call(two.t, null, 'followers', { profile_id: id })).json.data as Array<{ id: number; name: string | null; elsewhere: { handle: string } | null }>)
    .filter((person) => person.elsewhere)
    .map((person) => ({ id: person.id, handle: person.elsewhere!.handle, name: person.name }));
/** The member follows an account of the other instance as the web does: looked up by its handle or address, then the ordinary follow of its id. */
async function followElsewhere(session: Session, account: string) {
  const found = await call(one.t, session, 'fediverse-accounts/lookup', { user_id: session.id, account });
  if (found.status !== 200) return { ...found, account: undefined };
  const followed = await call(one.t, session, 'follow-unfollow', { user_id: session.id, follow_id: found.json.account.id, followType: 1 });
  return { ...followed, account: found.json.account as { id: number; is_following: boolean; pending: boolean } };
}
const unfollowElsewhere = (session: Session, accountId: number) => call(one.t, session, 'follow-unfollow', { user_id: session.id, follow_id: accountId, followType: 0 });
const eventually = (read: () => Promise<boolean>) => until(async () => ((await read()) ? true : undefined), 20_000);

async function pair() {
  const ada = await anActor(one.t, one.base);
  const bo = await anActor(two.t, two.base);
  await two.t.db.updateTable('users').set({ name: 'Bo of Two' }).where('id', '=', bo.id).execute();
  return { ada, session: await signIn(one.t.app, { ...ada, password: PASSWORD }), bo, boSession: await signIn(two.t.app, { ...bo, password: PASSWORD }) };
}

describe('two Inkwell instances', () => {
  it('a member of one follows a member of the other by address: asked, accepted, listed on both, then undone', async () => {
    const { ada, session, bo, boSession } = await pair();
    const handle = `@m${bo.id}@${new URL(two.base).host}`;
    const asked = await followElsewhere(session, bo.actor.id.href);
    expect(asked.status).toBe(200);
    expect(asked.account).toEqual({
      id: expect.any(Number),
      name: 'Bo of Two',
      handle,
      icon_url: `${two.base}/images/default-user.webp`,
      profile_url: expect.stringMatching(new RegExp(`^${two.base}/view-profile/`)),
      is_following: false,
      pending: false,
    });
    expect(asked.json).toEqual({ message: FOLLOW_MESSAGES.asked(handle), is_following: true, followers_count: 0, pending: true });
    // Their server accepts at once: the follow is accepted here, and Bo has a follower there, told of it.
    await eventually(async () => (await followingOf(session))[0]?.state === 'accepted');
    expect(await followersOf(bo.id)).toEqual([expect.objectContaining({ handle: `@m${ada.id}@${new URL(one.base).host}` })]);
    const notices = (await call(two.t, boSession, 'notifications', { user_id: bo.id })).json.notifications as Array<{ message: string }>;
    expect(notices.map((n) => n.message)).toEqual([expect.stringContaining('started following you from the fediverse.')]);
    // Ada's following collection names Bo's actor.
    const collection = await one.t.app.inject({ method: 'GET', url: `/ap/users/${ada.id}/following?cursor=0`, headers: { accept: 'application/activity+json' } });
    expect(collection.statusCode).toBe(200);
    expect(JSON.stringify(collection.json())).toContain(bo.actor.id.href);
    // Asked again: already followed, nothing sent anew.
    const again = await followElsewhere(session, bo.actor.id.href);
    expect(again.account).toMatchObject({ is_following: true, pending: false });
    expect(again.json.message).toBe(FOLLOW_MESSAGES.followingElsewhere(handle));
    // One model on both sides (ADR 0083): a row of follows to the account's row of users, counted, no request left waiting.
    const counted = (t: typeof one.t, id: number) => t.db.selectFrom('users').select(['followers_count', 'following_count']).where('id', '=', id).executeTakeFirstOrThrow();
    const follow = await one.t.db
      .selectFrom('follows as f')
      .innerJoin('users as u', 'u.id', 'f.following_id')
      .select(['u.ap_id', 'f.activity_id'])
      .where('f.follower_id', '=', ada.id)
      .execute();
    expect(follow).toEqual([{ ap_id: bo.actor.id.href, activity_id: expect.stringContaining(one.base) }]);
    expect(await one.t.db.selectFrom('follow_requests').select('follower_id').where('follower_id', '=', ada.id).execute()).toEqual([]);
    expect(await counted(one.t, ada.id)).toEqual({ followers_count: 0, following_count: 1 });
    expect(await counted(two.t, bo.id)).toEqual({ followers_count: 1, following_count: 0 });

    const accountId = asked.account!.id;
    expect((await unfollowElsewhere(session, accountId)).json).toEqual({ message: FOLLOW_MESSAGES.unfollowedElsewhere, is_following: false, followers_count: 0, pending: false });
    expect(await followingOf(session)).toEqual([]);
    await eventually(async () => (await followersOf(bo.id)).length === 0);
    expect(await counted(one.t, ada.id)).toEqual({ followers_count: 0, following_count: 0 });
    expect(await counted(two.t, bo.id)).toEqual({ followers_count: 0, following_count: 0 });
    // Unfollowing again changes nothing, as between members.
    expect(await unfollowElsewhere(session, accountId)).toEqual({ status: 200, json: expect.objectContaining({ is_following: false }) });
  });

  it('a follow the other side removes, or that its member blocked, ends here too', async () => {
    const { ada, session, bo, boSession } = await pair();
    await followElsewhere(session, bo.actor.id.href);
    await eventually(async () => (await followingOf(session))[0]?.state === 'accepted');
    const [row] = await followersOf(bo.id);
    // Bo removes Ada from their followers there: a Reject comes here and the follow ends.
    await call(two.t, boSession, 'followers/remove', { user_id: bo.id, follower_id: row!.id });
    await eventually(async () => (await followingOf(session)).length === 0);

    // Bo blocks Ada's account: asking again is rejected there, and nothing stays here.
    const account = (await two.t.db.selectFrom('users').select('id').where('ap_id', '=', ada.actor.id.href).executeTakeFirstOrThrow()).id;
    await call(two.t, boSession, 'block', { user_id: bo.id, block_id: account, status: 1 });
    expect((await followElsewhere(session, bo.actor.id.href)).json.pending).toBe(true);
    await eventually(async () => (await followingOf(session)).length === 0);
    expect(await followersOf(bo.id)).toEqual([]);
  });

  it('a member who blocks an account they follow stops following it, there too', async () => {
    const { ada, session, bo } = await pair();
    const asked = await followElsewhere(session, bo.actor.id.href);
    await eventually(async () => (await followingOf(session))[0]?.state === 'accepted');
    expect(await followersOf(bo.id)).toHaveLength(1);
    await call(one.t, session, 'block', { user_id: ada.id, block_id: asked.account!.id, status: 1 });
    expect(await followingOf(session)).toEqual([]);
    await eventually(async () => (await followersOf(bo.id)).length === 0);
  });

  it('refuses what is no account elsewhere, and a member without a username', async () => {
    const { ada, session, bo } = await pair();
    const refused = async (account: string) => (await followElsewhere(session, account)).json.errors?.account?.[0];
    expect(await refused('not a handle')).toBe(FEDIVERSE_ACCOUNT_INVALID);
    expect(await refused(`${two.base}/ap/users/987654`)).toBe(LOOKUP_MESSAGES.notFound);
    expect(await refused(`${one.base}/ap/users/${ada.id}`)).toBe(LOOKUP_MESSAGES.onThisSite);
    // A member without a username may look an account up, not follow it: refused in the follow's transaction, nothing kept.
    const nameless = await anActor(one.t, one.base, { username: null });
    const namelessSession = await signIn(one.t.app, { ...nameless, password: PASSWORD });
    const noName = await followElsewhere(namelessSession, bo.actor.id.href);
    expect(noName.status).toBe(422);
    expect(noName.json.errors.follow_id[0]).toBe('Choose a username in Settings first: it is how the fediverse knows you.');
    expect(await one.t.db.selectFrom('follow_requests').select('followed_id').where('follower_id', '=', nameless.id).execute()).toEqual([]);
  });

  it('the stories of a member followed there reach the follower here, in Following: published, liked, edited, deleted', async () => {
    const { ada, session, bo, boSession } = await pair();
    await followElsewhere(session, bo.actor.id.href);
    await eventually(async () => (await followingOf(session))[0]?.state === 'accepted');
    const storiesOf = async () => ((await call(one.t, session, 'following/posts', { user_id: ada.id })).json.data as PostCard[]).filter((card) => card.elsewhere);

    const post = await createPost(two.t, boSession, {
      title: 'Letters from Two',
      sub_title: 'A subtitle',
      description: '<p>Hello <strong>One</strong>.</p><script>alert(1)</script>',
    });
    await eventually(async () => (await storiesOf()).length === 1);
    const [story] = await storiesOf();
    expect(story).toMatchObject({
      category_id: null,
      title: 'Letters from Two',
      sub_title: 'A subtitle',
      likes_count: 0,
      is_like: false,
      author: { name: 'Bo of Two' },
      elsewhere: { handle: `@m${bo.id}@${new URL(two.base).host}`, url: expect.stringMatching(new RegExp(`^${two.base}/view-post/`)) },
    });
    const details = async () => (await call(one.t, session, 'post/details', { post_id: story!.id, user_id: ada.id })).json.post as PostDetail;
    expect((await details()).description).toBe('<p>Hello <strong>One</strong>.</p>');

    // Ada likes it from One with the ordinary call: it counts on Two, Bo is told; taken back, it counts no more.
    const likesThere = async () => (await two.t.db.selectFrom('posts').select('likes_count').where('id', '=', post.id).executeTakeFirstOrThrow()).likes_count;
    const like = (status: 0 | 1) => call(one.t, session, 'like', { user_id: ada.id, post_id: story!.id, status });
    expect((await like(1)).json).toMatchObject({ is_like: true, likes_count: 1 });
    await eventually(async () => (await likesThere()) === 1);
    expect((await storiesOf())[0]).toMatchObject({ is_like: true, likes_count: 1 });
    const told = (await call(two.t, boSession, 'notifications', { user_id: bo.id })).json.notifications as Array<{ message: string }>;
    expect(told.some((n) => /liked your post “Letters from Two” from the fediverse\.$/.test(n.message))).toBe(true);
    await like(1);
    expect((await like(0)).json).toMatchObject({ is_like: false, likes_count: 0 });
    await eventually(async () => (await likesThere()) === 0);
    expect((await storiesOf())[0]?.is_like).toBe(false);

    const category = await firstCategoryId(two.t);
    const edit = await send(
      two.t,
      'posts/update',
      { id: post.id, user_id: bo.id, title: 'Letters, revised', sub_title: 'A subtitle', category_id: category, description: '<p>Edited.</p>' },
      boSession,
    );
    expect(edit.statusCode).toBe(200);
    await eventually(async () => (await storiesOf())[0]?.title === 'Letters, revised');
    expect((await details()).description).toBe('<p>Edited.</p>');

    const removed = await two.t.app.inject({ method: 'POST', url: '/api/user/delete-posts', payload: { id: post.id }, headers: boSession.headers });
    expect(removed.statusCode).toBe(200);
    await eventually(async () => (await storiesOf()).length === 0);
    expect((await call(one.t, session, 'post/details', { post_id: story!.id, user_id: ada.id })).status).toBe(404);
    // Someone else reads no one's Following but their own.
    const other = await anActor(one.t, one.base);
    const otherSession = await signIn(one.t.app, { ...other, password: PASSWORD });
    expect((await call(one.t, otherSession, 'following/posts', { user_id: ada.id })).status).toBe(403);
  });

  it('a member comments on a story there: a comment on it there, its writer told; taken back, gone there', async () => {
    const { ada, session, bo, boSession } = await pair();
    await followElsewhere(session, bo.actor.id.href);
    await eventually(async () => (await followingOf(session))[0]?.state === 'accepted');
    const post = await createPost(two.t, boSession, { title: 'Answer me' });
    const storiesOf = async () => ((await call(one.t, session, 'following/posts', { user_id: ada.id })).json.data as PostCard[]).filter((card) => card.elsewhere);
    await eventually(async () => (await storiesOf()).length === 1);
    const [story] = await storiesOf();
    const repliesThere = async () =>
      ((await call(two.t, null, 'post/details', { post_id: post.id })).json.post.comments as Array<{ id: number; comments: string; elsewhere: { handle: string } }>).map((c) => ({
        id: c.id,
        body: c.comments,
        remote: c.elsewhere,
      }));

    const sent = await call(one.t, session, 'comment', { user_id: ada.id, post_id: story!.id, comments: 'Gladly.\n\nA <b>second</b> line.' });
    expect(sent.status).toBe(200);
    const here = (await call(one.t, session, 'post/details', { post_id: story!.id, user_id: ada.id })).json.post as PostDetail;
    expect(here.comments.map((c) => ({ id: c.id, body: c.comments }))).toEqual([{ id: sent.json.id, body: 'Gladly.\n\nA <b>second</b> line.' }]);
    // Two keeps it as a comment of the story, by Ada's account, its text as she wrote it; Bo is told.
    await eventually(async () => (await repliesThere()).length === 1);
    expect(await repliesThere()).toEqual([
      expect.objectContaining({ body: 'Gladly.\n\nA <b>second</b> line.', remote: expect.objectContaining({ handle: `@m${ada.id}@${new URL(one.base).host}` }) }),
    ]);
    const told = (await call(two.t, boSession, 'notifications', { user_id: bo.id })).json.notifications as Array<{ message: string }>;
    expect(told.some((n) => n.message.includes('“Answer me”'))).toBe(true);
    // Its Note is served at its id, for a server that reads it back.
    const note = await one.t.app.inject({ method: 'GET', url: `/ap/notes/c${sent.json.id}`, headers: { accept: 'application/activity+json' } });
    expect(note.statusCode).toBe(200);
    expect(note.json()).toMatchObject({ type: 'Note', attributedTo: ada.actor.id.href, inReplyTo: expect.stringContaining(two.base) });

    // Nobody else takes it back: the one rule of comments (its author, or the post's owner, an account elsewhere here).
    const other = await anActor(one.t, one.base);
    const otherSession = await signIn(one.t.app, { ...other, password: PASSWORD });
    expect((await call(one.t, otherSession, 'comment-delete', { user_id: other.id, id: sent.json.id })).status).toBe(403);

    expect((await call(one.t, session, 'comment-delete', { user_id: ada.id, id: sent.json.id })).status).toBe(200);
    await eventually(async () => (await repliesThere()).length === 0);
    expect((await one.t.app.inject({ method: 'GET', url: `/ap/notes/c${sent.json.id}`, headers: { accept: 'application/activity+json' } })).statusCode).toBe(404);
  });

  it('migrates remote_story_replies up and down', async () => {
    await expectMigrationRoundTrip('0040_remote_story_likes', 'remote_', ['remote_story_replies'], '0057_stories_folded');
  });

  it('keeps no story of an account nobody here follows, though its server still sends them', async () => {
    const { ada, session, bo, boSession } = await pair();
    await followElsewhere(session, bo.actor.id.href);
    await eventually(async () => (await followingOf(session))[0]?.state === 'accepted');
    // The follow is gone here without its Undo reaching Two (lost, say): Two still delivers to One.
    await one.t.db
      .deleteFrom('follows')
      .where('follower_id', '=', ada.id)
      .where('following_id', 'in', (eb) => eb.selectFrom('users').select('id').where('domain', 'is not', null))
      .execute();
    const delivered = () => one.t.db.selectFrom('federation_messages').select('id').execute();
    await createPost(two.t, boSession, { title: 'Unheard' });
    await eventually(async () => (await two.t.db.selectFrom('federation_deliveries').select('id').execute()).length === 0 && (await delivered()).length === 0);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await one.t.db.selectFrom('posts').select('title').where('title', '=', 'Unheard').execute()).toEqual([]);
    expect((await call(one.t, session, 'following/posts', { user_id: ada.id })).json.data).toEqual([]);
  });

  it('migrates remote_story_likes up and down', async () => {
    await expectMigrationRoundTrip('0039_remote_stories', 'remote_', ['remote_story_likes'], '0057_stories_folded');
  });

  it('migrates remote_stories up and down', async () => {
    await expectMigrationRoundTrip('0038_remote_following', 'remote_', ['remote_stories'], '0057_stories_folded');
  });

  it('migrates remote_following up and down', async () => {
    await expectMigrationRoundTrip('0037_remote_blocks', 'remote_', ['remote_following'], '0049_remote_followers_folded');
  });
});
