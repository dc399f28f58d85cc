import { Article, Create, Delete, Hashtag, Image, Tombstone, Update } from '@fedify/vocab';
import { paths } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../db/database.ts';
import { createPost, firstCategoryId, send } from '../posts/testing.ts';
import type { TestApp } from '../test/app.ts';
import { PASSWORD, signIn } from '../test/factories.ts';
import { type FediversePeer, startFediversePeer } from '../test/fediverse-peer.ts';
import { until } from '../test/until.ts';
import { anActor, expectMigrationRoundTrip, federatedApp, followedBy, received } from './federation.testkit.ts';

/**
 * Stories to the fediverse (ADR 0069), over real sockets with real signatures, on SQLite or
 * PostgreSQL as INKWELL_TEST_DB says: a member a peer's account follows publishes, edits and deletes
 * a story, and the peer receives Create, Update and Delete of an Article; the story and the outbox
 * are readable as ActivityPub.
 */
const AS = 'application/activity+json';
let t: TestApp;
let base: string;
let peer: FediversePeer;

beforeAll(async () => {
  ({ t, base } = await federatedApp());
  peer = await startFediversePeer(['carol']);
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

async function writer() {
  const member = await anActor(t, base);
  const session = await signIn(t.app, { ...member, password: PASSWORD });
  return { ...member, session };
}

const articleUri = (postId: number) => `${base}/ap/posts/${postId}`;
const about = (postId: number, type: typeof Create | typeof Update | typeof Delete) => (activity: unknown) =>
  activity instanceof type && activity.objectId?.href === articleUri(postId);
const owed = () => t.db.selectFrom('federation_deliveries').selectAll().execute();

describe('a story', () => {
  it('reaches its writer’s fediverse followers as a Create of an Article, every FEP-b2b8 field there', async () => {
    const ada = await writer();
    await followedBy(peer, 'carol', ada);
    const post = await createPost(t, ada.session, {
      title: 'Engines & looms',
      sub_title: 'On <analytical> machines',
      description: '<p>Hello <strong>world</strong></p><script>alert(1)</script><p><a href="/view-profile/x">me</a></p>',
    });
    const { recipient, activity } = await received(peer, about(post.id, Create));
    expect(recipient).toBeNull(); // the peer's shared inbox
    const create = activity as Create;
    expect(create.id?.href).toBe(`${articleUri(post.id)}#create`);
    expect(create.actorId?.href).toBe(ada.actor.id.href);
    const article = await create.getObject();
    expect(article).toBeInstanceOf(Article);
    const a = article as Article;
    expect(a.name?.toString()).toBe('Engines & looms');
    expect(a.summary?.toString()).toBe('On &lt;analytical&gt; machines');
    expect(a.content?.toString()).toBe(`<p>Hello <strong>world</strong></p><p><a href="${base}/view-profile/x" target="_blank" rel="noopener noreferrer nofollow">me</a></p>`);
    expect((a.url as URL).href).toBe(`${base}${paths.viewPost.getHref(post.id)}`);
    expect(a.attributionId?.href).toBe(ada.actor.id.href);
    expect(a.published).not.toBeNull();
    expect(((await a.getImage()) as Image).url).toEqual(new URL(`${base}/storage/${post.image.replace(/^\/?(storage\/)?/, '')}`));
    const tags = [];
    for await (const one of a.getTags()) tags.push(one);
    const [tag] = tags;
    const topic = await t.db
      .selectFrom('categories')
      .select('name')
      .where('id', '=', await firstCategoryId(t))
      .executeTakeFirstOrThrow();
    expect((tag as Hashtag).name?.toString()).toBe(`#${topic.name.replace(/[^\p{L}\p{N}_]/gu, '')}`);
    expect(a.toIds.map(String)).toEqual(['https://www.w3.org/ns/activitystreams#Public']);
    expect(a.ccIds.map(String)).toEqual([`${ada.actor.id.href}/followers`]);
    expect(await owed()).toEqual([]);
  });

  it('sends an Update when edited and a Delete with a Tombstone when deleted, in that order', async () => {
    const ada = await writer();
    await followedBy(peer, 'carol', ada);
    const post = await createPost(t, ada.session);
    await received(peer, about(post.id, Create));
    const category = await firstCategoryId(t);
    const edit = await send(
      t,
      'posts/update',
      { id: post.id, user_id: ada.id, title: 'Second thoughts', sub_title: 'Sub', category_id: category, description: '<p>Edited</p>' },
      ada.session,
    );
    expect(edit.statusCode).toBe(200);
    const update = (await received(peer, about(post.id, Update))).activity as Update;
    expect(((await update.getObject()) as Article).name?.toString()).toBe('Second thoughts');
    const removed = await t.app.inject({ method: 'POST', url: '/api/user/delete-posts', payload: { id: post.id }, headers: ada.session.headers });
    expect(removed.statusCode).toBe(200);
    const del = (await received(peer, about(post.id, Delete))).activity as Delete;
    expect(await del.getObject()).toBeInstanceOf(Tombstone);
    const order = peer.received
      .map(({ activity }) => activity)
      .filter((activity) => activity.objectId?.href === articleUri(post.id))
      .map((activity) => activity.constructor.name);
    expect(order).toEqual(['Create', 'Update', 'Delete']);
  });

  it('tells who may reply as its interaction policy, and sends an Update when its writer changes it (ADR 0115)', async () => {
    const ada = await writer();
    await followedBy(peer, 'carol', ada);
    const post = await createPost(t, ada.session, { title: 'Gated' });
    await received(peer, about(post.id, Create));
    const approvals = async () => {
      const json = await (await fetch(articleUri(post.id), { headers: { accept: AS } })).json();
      const article = await Article.fromJsonLd(json);
      return article.interactionPolicy?.canReply?.automaticApprovals.map((url) => url.href);
    };
    const followers = ((await (await fetch(ada.actor.id, { headers: { accept: AS } })).json()) as { followers: string }).followers;
    expect(await approvals()).toEqual(['https://www.w3.org/ns/activitystreams#Public']);
    const choose = (from: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/posts/comments-from', payload: { id: post.id, comments_from: from }, headers: ada.session.headers });
    expect((await choose('followers')).statusCode).toBe(200);
    expect(await approvals()).toEqual([followers, ada.actor.id.href]);
    const update = (await received(peer, about(post.id, Update))).activity as Update;
    const sent = (await update.getObject()) as Article;
    expect(sent.interactionPolicy?.canReply?.automaticApprovals.map((url) => url.href)).toEqual([followers, ada.actor.id.href]);
    expect((await choose('nobody')).statusCode).toBe(200);
    expect(await approvals()).toEqual([ada.actor.id.href]);
  });

  it('is sent by whichever process takes a change another left owed', async () => {
    const ada = await writer();
    await followedBy(peer, 'carol', ada);
    const post = await createPost(t, ada.session);
    await received(peer, about(post.id, Create));
    // A process that died holding an edit's row: its lease has run out.
    await t.db
      .insertInto('federation_deliveries')
      .values({ post_id: post.id, writer_id: ada.id, kind: 'update', claimed_until: '2000-01-01T00:00:00.000Z', created_at: nowIso() })
      .execute();
    await t.app.jobs.runNow('federation-deliveries');
    await received(peer, about(post.id, Update));
    expect(await owed()).toEqual([]);
  });

  it('holds a change that cannot be handed over for a while, and the others go on meanwhile', async () => {
    const ada = await writer();
    await followedBy(peer, 'carol', ada);
    const post = await createPost(t, ada.session);
    await received(peer, about(post.id, Create));
    const broken = await t.db
      .insertInto('federation_deliveries')
      .values({ post_id: null, writer_id: ada.id, kind: 'delete-actor', recipients: 'not JSON', created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('federation_deliveries').values({ post_id: post.id, writer_id: ada.id, kind: 'update', created_at: nowIso() }).execute();
    await t.app.jobs.runNow('federation-deliveries');
    await received(peer, about(post.id, Update));
    const [held] = await owed();
    expect(held).toMatchObject({ id: broken.id });
    expect(Date.parse(held!.claimed_until!)).toBeGreaterThan(Date.now() + 60_000);
    await t.db.deleteFrom('federation_deliveries').where('id', '=', broken.id).execute();
  });

  it('sends nothing while its writer has no username, and leaves nothing owed', async () => {
    const ada = await writer();
    await followedBy(peer, 'carol', ada);
    await t.db.updateTable('users').set({ username: null }).where('id', '=', ada.id).execute();
    const unsent = await createPost(t, ada.session);
    await until(async () => ((await owed()).length === 0 ? true : undefined), 15_000);
    // With the username back, the next story goes: one process hands rows over in order, so the first was dropped before it.
    await t.db
      .updateTable('users')
      .set({ username: `m${ada.id}` })
      .where('id', '=', ada.id)
      .execute();
    const sent = await createPost(t, ada.session);
    await received(peer, about(sent.id, Create));
    expect(peer.received.some(({ activity }) => activity.objectId?.href === articleUri(unsent.id))).toBe(false);
  });
});

describe('a deleted account', () => {
  it('sends its fediverse followers a Delete of the actor, signed with its keys, and its actor is gone (410)', async () => {
    const ada = await writer();
    await followedBy(peer, 'carol', ada);
    const res = await t.app.inject({ method: 'POST', url: '/api/user/delete-account', payload: { user_id: ada.id, current_password: PASSWORD }, headers: ada.session.headers });
    expect(res.statusCode).toBe(200);
    const del = (await received(peer, (activity) => activity instanceof Delete && activity.objectId?.href === ada.actor.id.href)).activity;
    expect(del.actorId?.href).toBe(ada.actor.id.href);
    expect((await fetch(ada.actor.id, { headers: { accept: AS } })).status).toBe(410);
    expect(await owed()).toEqual([]);
  });
});

describe('read as ActivityPub', () => {
  it('a story is an Article at /ap/posts/<id>; a browser is sent to its page; a writer without a username’s is 404', async () => {
    const ada = await writer();
    const post = await createPost(t, ada.session, { title: 'Readable' });
    const res = await fetch(articleUri(post.id), { headers: { accept: AS } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ type: 'Article', id: articleUri(post.id), name: 'Readable', attributedTo: ada.actor.id.href });
    const browser = await fetch(articleUri(post.id), { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(browser.status).toBe(303);
    expect(browser.headers.get('location')).toBe(`${base}${paths.viewPost.getHref(post.id)}`);
    const nameless = await anActor(t, base, { username: null });
    const theirs = await createPost(t, await signIn(t.app, { ...nameless, password: PASSWORD }));
    expect((await fetch(articleUri(theirs.id), { headers: { accept: AS } })).status).toBe(404);
  });

  it('the writer’s outbox lists their stories’ Creates, newest first, with their count', async () => {
    const ada = await writer();
    const first = await createPost(t, ada.session, { title: 'First' });
    const second = await createPost(t, ada.session, { title: 'Second' });
    const outbox = (await (await fetch(`${ada.actor.id.href}/outbox`, { headers: { accept: AS } })).json()) as { totalItems: number; first: string };
    expect(outbox.totalItems).toBe(2);
    const page = (await (await fetch(outbox.first, { headers: { accept: AS } })).json()) as { orderedItems: Array<{ type: string; object: { id: string } }> };
    expect(page.orderedItems.map((item) => [item.type, item.object.id])).toEqual([
      ['Create', articleUri(second.id)],
      ['Create', articleUri(first.id)],
    ]);
  });
});

describe('migration 0031', () => {
  it('makes federation_deliveries and takes it away again', () => expectMigrationRoundTrip('0030_remote_followers', 'federation_', ['federation_deliveries']));
});
