import { randomBytes } from 'node:crypto';
import { Create } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../posts/testing.ts';
import type { TestApp } from '../test/app.ts';
import { PASSWORD, signIn } from '../test/factories.ts';
import { type FediversePeer, startFediversePeer } from '../test/fediverse-peer.ts';
import { until } from '../test/until.ts';
import { countReactions } from './reactions.repository.ts';
import { accepted, anActor, federatedApp, followedBy, received } from './federation.testkit.ts';

/**
 * Undo as the fediverse sends it (ADR 0079), over real sockets with real signatures, on SQLite or
 * PostgreSQL as INKWELL_TEST_DB says. The activities are `@evanp/activitypub-bot`'s, byte for byte:
 * its ids and actors (`<origin>/user/<name>`, `…/<type>/<nanoid>`: lib/urlformatter.js), its Follow,
 * Like and Announce (lib/botcontext.js, #doActivity) and its Undo, which embeds the undone activity as
 * `{ id, type, object: { id, type } }`, without an actor (#undoActivity), as activitystrea.ms exports
 * them. The bot's server is the test peer with the bot's paths; a second peer stands for everyone else.
 */
const AS2 = 'https://www.w3.org/ns/activitystreams';
let t: TestApp;
let base: string;
let bot: FediversePeer;
let witness: FediversePeer;

beforeAll(async () => {
  ({ t, base } = await federatedApp());
  bot = await startFediversePeer(['alice', 'bob'], { actorPath: '/user/{identifier}' });
  witness = await startFediversePeer(['carol']);
});
afterAll(async () => {
  await t?.close();
  await bot?.close();
  await witness?.close();
});

const sharedInbox = () => new URL(`${base}/ap/inbox`);
/** The bot's id of a new activity: `<origin>/user/<name>/<type>/<nanoid>`. */
const botId = (name: string, type: string) => `${bot.origin}/user/${name}/${type.toLowerCase()}/${randomBytes(16).toString('base64url').slice(0, 21)}`;
const actor = (name: string) => bot.actorUri(name).href;
const now = () => new Date().toISOString();

/** The bot's Follow of an actor (followActor). */
function follow(name: string, object: string) {
  const at = now();
  return { '@context': AS2, id: botId(name, 'Follow'), type: 'Follow', actor: actor(name), object, published: at, to: object, updated: at };
}

/** The bot's Like of a story (likeObject): to its writer, cc the public. */
function like(name: string, object: string, writer: string) {
  const at = now();
  return { '@context': AS2, id: botId(name, 'Like'), type: 'Like', actor: actor(name), cc: 'as:Public', object, published: at, to: writer, updated: at };
}

/** The bot's Announce of a story (announceObject): to its followers and the public, cc its writer. */
function announce(name: string, object: string, writer: string) {
  const at = now();
  const summary = `${name} shared "a(n) Article"`;
  return {
    '@context': AS2,
    id: botId(name, 'Announce'),
    type: 'Announce',
    actor: actor(name),
    cc: writer,
    object,
    published: at,
    summary,
    summaryMap: { en: summary },
    to: [`${actor(name)}/followers`, 'as:Public'],
    updated: at,
  };
}

type BotActivity = ReturnType<typeof follow> | ReturnType<typeof like> | ReturnType<typeof announce>;

/**
 * The bot's Undo of `undone` (#undoActivity) sent by `name`: the undone activity embedded as its id,
 * its type and its object's id and type — no actor —, to the undone activity's recipients. With
 * `bare`, the object is the undone activity's id alone.
 */
function undo(name: string, undone: BotActivity, objectType: string, options: { bare?: boolean } = {}) {
  const at = now();
  const object = options.bare ? undone.id : { id: undone.id, type: undone.type, object: { id: undone.object, type: objectType } };
  const recipients = 'cc' in undone ? { cc: undone.cc } : {};
  return { '@context': AS2, id: botId(name, 'Undo'), type: 'Undo', actor: actor(name), ...recipients, object, published: at, to: undone.to, updated: at };
}

const post = (from: string, json: object) => bot.post(from, sharedInbox(), json);

const followersOf = async (userId: number) =>
  (
    await t.db
      .selectFrom('follows as f')
      .innerJoin('users as u', 'u.id', 'f.follower_id')
      .select('u.ap_id')
      .where('f.following_id', '=', userId)
      .where('u.domain', 'is not', null)
      .orderBy('f.created_at')
      .orderBy('f.follower_id')
      .execute()
  ).map((row) => row.ap_id);

const likesOf = async (postId: number) => (await t.db.selectFrom('posts').select('likes_count').where('id', '=', postId).executeTakeFirstOrThrow()).likes_count;
const eventually = <T>(read: () => Promise<T>, want: T) => until(async () => (JSON.stringify(await read()) === JSON.stringify(want) ? true : undefined), 15_000);

/** A member the bot's `alice` follows (accepted), and its session. */
async function followedMember() {
  const member = await anActor(t, base);
  const session = await signIn(t.app, { ...member, password: PASSWORD });
  const byAlice = follow('alice', member.actor.id.href);
  await post('alice', byAlice);
  await accepted(bot, new URL(byAlice.id));
  return { member, session, byAlice };
}

/** A story by a new member, liked and boosted by the bot's `alice` (counted). */
async function likedStory() {
  const writer = await anActor(t, base);
  const story = await createPost(t, await signIn(t.app, { ...writer, password: PASSWORD }));
  const article = `${base}/ap/posts/${story.id}`;
  const liked = like('alice', article, writer.actor.id.href);
  const boosted = announce('alice', article, writer.actor.id.href);
  await post('alice', liked);
  await post('alice', boosted);
  await eventually(async () => ({ likes: await likesOf(story.id), reactions: await countReactions(t.db, story.id) }), { likes: 1, reactions: { like: 1, announce: 1 } });
  return { story, article, liked, boosted };
}

/** No delivery waits in the queue (those owed have been made). */
const queueDrained = () => until(async () => ((await t.db.selectFrom('federation_messages').select('id').executeTakeFirst()) === undefined ? true : undefined), 15_000);

describe('an Undo as @evanp/activitypub-bot sends it, its undone activity without an actor', () => {
  it('ends a follow: the follower leaves the member’s followers and gets no more stories', async () => {
    const { member, session, byAlice } = await followedMember();
    await followedBy(witness, 'carol', member);
    expect(await followersOf(member.id)).toEqual([actor('alice'), witness.actorUri('carol').href]);
    await post('alice', undo('alice', byAlice, 'Person'));
    await eventually(() => followersOf(member.id), [witness.actorUri('carol').href]);
    const followers = (await (await fetch(`${member.actor.id.href}/followers`, { headers: { accept: 'application/activity+json' } })).json()) as { totalItems: number };
    expect(followers.totalItems).toBe(1);
    // A story published now reaches the account still following, and not the bot.
    const story = await createPost(t, session);
    const isCreate = (activity: unknown) => activity instanceof Create && activity.objectId?.href === `${base}/ap/posts/${story.id}`;
    await received(witness, isCreate);
    await queueDrained();
    expect(bot.received.filter(({ activity }) => isCreate(activity))).toEqual([]);
  });

  it('takes back a like and a boost: the story’s counts drop', async () => {
    const { story, liked, boosted } = await likedStory();
    await post('alice', undo('alice', liked, 'Article'));
    await eventually(() => likesOf(story.id), 0);
    await post('alice', undo('alice', boosted, 'Article'));
    await eventually(() => countReactions(t.db, story.id), { like: 0, announce: 0 });
  });

  it('changes nothing when another account sends it: nobody undoes another’s follow, like or boost', async () => {
    const { member, byAlice } = await followedMember();
    const { story, liked, boosted } = await likedStory();
    // Bob's Undos of Alice's activities, embedded without an actor as the bot does, and by their ids alone.
    await post('bob', undo('bob', byAlice, 'Person'));
    await post('bob', undo('bob', liked, 'Article'));
    await post('bob', undo('bob', boosted, 'Article'));
    for (const undone of [byAlice, liked, boosted]) await post('bob', undo('bob', undone, 'Person', { bare: true }));
    // One listener handles the inbox in order: once Bob's later like counts, his Undos have been handled.
    await post('bob', like('bob', `${base}/ap/posts/${story.id}`, member.actor.id.href));
    await eventually(() => likesOf(story.id), 2);
    expect(await followersOf(member.id)).toEqual([actor('alice')]);
    expect(await countReactions(t.db, story.id)).toEqual({ like: 2, announce: 1 });
    // Alice's own Undos end them.
    await post('alice', undo('alice', byAlice, 'Person'));
    await post('alice', undo('alice', liked, 'Article'));
    await eventually(() => followersOf(member.id), []);
    await eventually(() => countReactions(t.db, story.id), { like: 1, announce: 1 });
  });
});

describe('an Undo whose undone activity cannot be read', () => {
  it('by its id alone, which its server does not serve: the follow, like or boost kept with that id ends', async () => {
    const { member, byAlice } = await followedMember();
    const { story, liked, boosted } = await likedStory();
    const fetched = bot.requests.length;
    await post('alice', undo('alice', byAlice, 'Person', { bare: true }));
    await post('alice', undo('alice', liked, 'Article', { bare: true }));
    await post('alice', undo('alice', boosted, 'Article', { bare: true }));
    await eventually(() => followersOf(member.id), []);
    await eventually(() => countReactions(t.db, story.id), { like: 0, announce: 0 });
    expect(await likesOf(story.id)).toBe(0);
    // Each was asked of its server first, which answered 404.
    for (const undone of [byAlice, liked, boosted]) expect(bot.requests.slice(fetched)).toContain(`GET ${new URL(undone.id).pathname}`);
  });

  it('embedded from another origin than the Undo’s, and not found there: the one kept with its id ends', async () => {
    const { story, liked } = await likedStory();
    // The Undo's id on another origin of the same server: its embedded Like is not taken on its word
    // but fetched from its id, which is not served.
    const moved = { ...undo('alice', liked, 'Article'), id: botId('alice', 'Undo').replace('127.0.0.1', 'localhost') };
    await post('alice', moved);
    await eventually(() => countReactions(t.db, story.id), { like: 0, announce: 1 });
    expect(bot.requests).toContain(`GET ${new URL(liked.id).pathname}`);
  });
});
