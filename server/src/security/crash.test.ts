import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aJpeg } from '../storage/testing.ts';
import { aUser } from '../test/factories.ts';
import { type Answer, type ApiSession, type DataStore, call, createDataStore, killAllServers, logTally, login, startServer } from './server-process.ts';

/**
 * Crash safety: concurrent clients write over real HTTP, the server is killed with SIGKILL while
 * requests are in flight, and started again on the same data. Every acknowledged write must be there,
 * every like/save/follow in its last acknowledged state (or in the state of a later unanswered call),
 * and every counter must equal the rows it counts. Runs on SQLite, or PostgreSQL with INKWELL_TEST_DB=postgres.
 */

const USERS = 6;
const LANES_PER_USER = 2;
const STREAM_MS = 1500;

type Outcome = 'ack' | 'failed' | 'unknown';
type ToggleKind = 'like' | 'save' | 'follow';
interface Toggle {
  kind: ToggleKind;
  userId: number;
  targetId: number;
  /** In the order sent: one lane owns the pair, so calls on it never overlap. */
  ops: { want: boolean; outcome: Outcome }[];
}
interface Written {
  id: number;
  userId: number;
  postId: number;
  text: string;
  commentId?: number;
}

/** What the clients sent and what the server acknowledged. */
class Ledger {
  posts = new Map<number, { userId: number; title: string }>();
  comments: Written[] = [];
  replies: Written[] = [];
  toggles = new Map<string, Toggle>();
  acked: Record<string, number> = {};
  failed: Record<string, number> = {};
  unanswered: Record<string, number> = {};
  inFlight = 0;
  killed = false;

  /** Sends one call; answers the body when it was acknowledged (2xx), undefined otherwise. */
  async send<T>(label: string, request: () => Promise<Answer<T>>): Promise<T | undefined> {
    this.inFlight += 1;
    try {
      const res = await request();
      if (res.status >= 200 && res.status < 300) {
        this.acked[label] = (this.acked[label] ?? 0) + 1;
        return res.body;
      }
      const key = `${label} ${res.status}`;
      this.failed[key] = (this.failed[key] ?? 0) + 1;
      return undefined;
    } catch (err) {
      if (!this.killed) throw err;
      this.unanswered[label] = (this.unanswered[label] ?? 0) + 1;
      return undefined;
    } finally {
      this.inFlight -= 1;
    }
  }

  toggle(kind: ToggleKind, userId: number, targetId: number): Toggle {
    const key = `${kind}:${userId}:${targetId}`;
    let toggle = this.toggles.get(key);
    if (!toggle) this.toggles.set(key, (toggle = { kind, userId, targetId, ops: [] }));
    return toggle;
  }
}

const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

async function addPost(url: string, ledger: Ledger, session: ApiSession, categoryId: number, n: number): Promise<void> {
  const title = `Crash post ${session.id}-${n}-${Math.random().toString(36).slice(2, 8)}`;
  const form = new FormData();
  for (const [key, value] of Object.entries({ user_id: session.id, title, sub_title: 'Written amid a crash', category_id: categoryId })) {
    form.append(key, String(value));
  }
  form.append('description', `<p>${title}</p>`);
  form.append('image', new Blob([new Uint8Array(await aJpeg())], { type: 'image/jpeg' }), 'cover.jpg');
  const body = await ledger.send('post', () => call<{ post: { id: number } }>(url, 'add-post', form, session));
  if (body) ledger.posts.set(body.post.id, { userId: session.id, title });
}

/** One client: a user's session sending one call at a time until the server is killed. */
async function lane(url: string, ledger: Ledger, session: ApiSession, lane: number, userIds: number[], categoryId: number) {
  const mine = (id: number) => id % LANES_PER_USER === lane;
  for (let n = 0; !ledger.killed; n += 1) {
    const roll = Math.random();
    const postIds = [...ledger.posts.keys()];
    const comment = pick(ledger.comments);
    const ownPost = pick(postIds.filter(mine));
    const followee = pick(userIds.filter((id) => id !== session.id && mine(id)));
    const text = `from ${session.id}/${lane} #${n} ${Math.random().toString(36).slice(2, 8)}`;
    if (roll < 0.15) {
      await addPost(url, ledger, session, categoryId, n);
    } else if (roll < 0.6 && ownPost !== undefined) {
      const kind: ToggleKind = roll < 0.42 ? 'like' : 'save';
      const toggle = ledger.toggle(kind, session.id, ownPost);
      const want = !(toggle.ops.at(-1)?.want ?? false);
      const op = { want, outcome: 'unknown' as Outcome };
      toggle.ops.push(op);
      const body = kind === 'like' ? { user_id: session.id, post_id: ownPost, status: want ? 1 : 0 } : { user_id: session.id, post_id: ownPost, save_unsave: want ? 1 : 0 };
      const label = want ? kind : `un${kind}`;
      const answer = await ledger.send(label, () => call(url, kind === 'like' ? 'like' : 'posts/save', body, session));
      op.outcome = answer !== undefined ? 'ack' : ledger.killed ? 'unknown' : 'failed';
    } else if (roll < 0.7 && followee !== undefined) {
      const toggle = ledger.toggle('follow', session.id, followee);
      const want = !(toggle.ops.at(-1)?.want ?? false);
      const op = { want, outcome: 'unknown' as Outcome };
      toggle.ops.push(op);
      const body = { user_id: session.id, follow_id: followee, followType: want ? 1 : 0 };
      const answer = await ledger.send(want ? 'follow' : 'unfollow', () => call(url, 'follow-unfollow', body, session));
      op.outcome = answer !== undefined ? 'ack' : ledger.killed ? 'unknown' : 'failed';
    } else if (roll < 0.85 && comment !== undefined) {
      const body = { user_id: session.id, post_id: comment.postId, comment_id: comment.id, reply: text };
      const answer = await ledger.send('reply', () => call<{ id: number }>(url, 'replies', body, session));
      if (answer) ledger.replies.push({ id: answer.id, userId: session.id, postId: comment.postId, text, commentId: comment.id });
    } else {
      const postId = pick(postIds);
      if (postId === undefined) continue;
      const body = { user_id: session.id, post_id: postId, comments: text };
      const answer = await ledger.send('comment', () => call<{ id: number }>(url, 'comment', body, session));
      if (answer) ledger.comments.push({ id: answer.id, userId: session.id, postId, text });
    }
  }
}

interface DetailComment {
  id: number;
  user_id: number;
  comments: string;
  replies: { id: number; user_id: number; comment_id: number; reply: string }[];
}

/** Reads every acknowledged post back through the restarted server's API. */
async function checkThroughApi(url: string, ledger: Ledger): Promise<string[]> {
  const problems: string[] = [];
  const ids = [...ledger.posts.keys()];
  for (let i = 0; i < ids.length; i += 8) {
    await Promise.all(
      ids.slice(i, i + 8).map(async (id) => {
        const res = await call<{ post: { title: string; user_id: number; comments: DetailComment[] } }>(url, 'post/details', { post_id: id });
        const expected = ledger.posts.get(id)!;
        if (res.status !== 200) return void problems.push(`post ${id}: post/details answered ${res.status}`);
        if (res.body.post.title !== expected.title || res.body.post.user_id !== expected.userId) problems.push(`post ${id}: wrong title or author`);
        const comments = new Map(res.body.post.comments.map((c) => [c.id, c]));
        for (const c of ledger.comments.filter((x) => x.postId === id)) {
          if (comments.get(c.id)?.comments !== c.text) problems.push(`comment ${c.id} (post ${id}) missing from post/details`);
        }
        for (const r of ledger.replies.filter((x) => x.postId === id)) {
          if (!comments.get(r.commentId!)?.replies.some((x) => x.id === r.id && x.reply === r.text)) {
            problems.push(`reply ${r.id} (comment ${r.commentId}, post ${id}) missing from post/details`);
          }
        }
      }),
    );
  }
  return problems;
}

/** Rows and counters, read directly from the database. */
async function checkDatabase(store: DataStore, ledger: Ledger): Promise<string[]> {
  const problems: string[] = [];
  const database = store.open();
  try {
    const { db } = database;
    const users = await db.selectFrom('users').select(['id', 'post_count', 'followers_count', 'following_count']).execute();
    const posts = await db.selectFrom('posts').select(['id', 'user_id', 'title', 'likes_count', 'comments_count']).execute();
    const comments = await db.selectFrom('comments').select(['id', 'post_id', 'user_id', 'body']).execute();
    const replies = await db.selectFrom('replies').select(['id', 'comment_id', 'post_id', 'user_id', 'body']).execute();
    const likes = await db.selectFrom('likes').select(['user_id', 'post_id']).execute();
    const saves = await db.selectFrom('saves').select(['user_id', 'post_id']).execute();
    const follows = await db.selectFrom('follows').select(['follower_id', 'following_id']).execute();

    const postById = new Map(posts.map((p) => [p.id, p]));
    for (const [id, p] of ledger.posts) {
      const row = postById.get(id);
      if (!row || row.title !== p.title || row.user_id !== p.userId) problems.push(`acknowledged post ${id} lost or changed`);
    }
    const commentById = new Map(comments.map((c) => [c.id, c]));
    for (const c of ledger.comments) {
      const row = commentById.get(c.id);
      if (!row || row.body !== c.text || row.post_id !== c.postId || row.user_id !== c.userId) problems.push(`acknowledged comment ${c.id} lost or changed`);
    }
    const replyById = new Map(replies.map((r) => [r.id, r]));
    for (const r of ledger.replies) {
      const row = replyById.get(r.id);
      if (!row || row.body !== r.text || row.comment_id !== r.commentId || row.post_id !== r.postId) problems.push(`acknowledged reply ${r.id} lost or changed`);
    }

    const present = {
      like: new Set(likes.map((l) => `${l.user_id}:${l.post_id}`)),
      save: new Set(saves.map((s) => `${s.user_id}:${s.post_id}`)),
      follow: new Set(follows.map((f) => `${f.follower_id}:${f.following_id}`)),
    };
    for (const t of ledger.toggles.values()) {
      const lastAck = t.ops.findLastIndex((op) => op.outcome === 'ack');
      // Before the last acknowledged call, its state; calls after it were never acknowledged: either.
      const allowed = new Set([lastAck < 0 ? false : t.ops[lastAck]!.want, ...t.ops.slice(lastAck + 1).map((op) => op.want)]);
      const actual = present[t.kind].has(`${t.userId}:${t.targetId}`);
      if (!allowed.has(actual)) {
        problems.push(`${t.kind} ${t.userId}→${t.targetId}: ${actual ? 'present' : 'absent'}, last acknowledged ${t.ops[lastAck]?.want ? 'on' : 'off'}`);
      }
    }

    const tally = (keys: number[]) => keys.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<number, number>());
    const postsOf = tally(posts.map((p) => p.user_id));
    const followersOf = tally(follows.map((f) => f.following_id));
    const followingOf = tally(follows.map((f) => f.follower_id));
    const likesOf = tally(likes.map((l) => l.post_id));
    const threadOf = tally([...comments.map((c) => c.post_id), ...replies.map((r) => r.post_id)]);
    for (const u of users) {
      const want = { post_count: postsOf.get(u.id) ?? 0, followers_count: followersOf.get(u.id) ?? 0, following_count: followingOf.get(u.id) ?? 0 };
      for (const [column, rows] of Object.entries(want)) {
        const stored = u[column as keyof typeof want];
        if (stored !== rows) problems.push(`users ${u.id}.${column} = ${stored}, rows = ${rows}`);
      }
    }
    for (const p of posts) {
      if (p.likes_count !== (likesOf.get(p.id) ?? 0)) problems.push(`posts ${p.id}.likes_count = ${p.likes_count}, rows = ${likesOf.get(p.id) ?? 0}`);
      const thread = threadOf.get(p.id) ?? 0;
      if (p.comments_count !== thread) problems.push(`posts ${p.id}.comments_count = ${p.comments_count}, comments+replies = ${thread}`);
    }
  } finally {
    await database.destroy();
  }
  return problems;
}

describe(`crash: kill -9 amid writes, restart on the same data (${process.env.INKWELL_TEST_DB === 'postgres' ? 'PostgreSQL' : 'SQLite'})`, () => {
  let store: DataStore | undefined;

  beforeAll(async () => {
    store = await createDataStore();
  });

  afterAll(async () => {
    await killAllServers();
    await store?.remove();
  }, 30_000);

  it('keeps every acknowledged write, and every counter equals its rows', async () => {
    const started = Date.now();
    const first = await startServer(store!);
    const database = store!.open();
    const users = await Promise.all(Array.from({ length: USERS }, () => aUser(database.db)));
    const categoryId = (await database.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await database.destroy();
    const sessions = await Promise.all(users.map((u) => login(first.url, u.email, u.password)));

    const ledger = new Ledger();
    for (const session of sessions) await addPost(first.url, ledger, session, categoryId, 0);
    expect(ledger.posts.size).toBe(USERS);

    const streamStart = Date.now();
    const userIds = sessions.map((s) => s.id);
    const lanes = sessions.flatMap((s) => Array.from({ length: LANES_PER_USER }, (_, l) => lane(first.url, ledger, s, l, userIds, categoryId)));
    const stream = Promise.all(lanes);
    let inFlightAtKill: number;
    try {
      await Promise.race([new Promise((r) => setTimeout(r, STREAM_MS)), stream]);
    } finally {
      ledger.killed = true;
      inFlightAtKill = ledger.inFlight;
      await first.kill9();
    }
    await stream;
    const streamMs = Date.now() - streamStart;

    const restartStart = Date.now();
    const second = await startServer(store!, { port: first.port });
    const restartMs = Date.now() - restartStart;
    const problems = [...(await checkThroughApi(second.url, ledger)), ...(await checkDatabase(store!, ledger))];

    console.info(
      JSON.stringify({
        database: store!.dialect,
        acknowledged: ledger.acked,
        failed: ledger.failed,
        unanswered: ledger.unanswered,
        inFlightAtKill,
        serverLog: logTally(first.output()),
        toggledPairs: ledger.toggles.size,
        streamMs,
        restartMs,
        totalMs: Date.now() - started,
      }),
    );
    expect(inFlightAtKill, 'the kill should land while calls are in flight').toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await second.stop();
  }, 90_000);
});
