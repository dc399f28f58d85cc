/**
 * The readers of bench:feed's "whatever they follow" rows: demo members (the last ids of the demo
 * community, the same on both databases) brought through the app's own calls to follow exactly N
 * authors and choose exactly T topics, so that a row measures what a reader with that much to
 * merge costs. Running it again changes nothing (it follows and unfollows only the difference).
 */
import { fetchPatiently } from '../server/src/test/http-client.ts';
import type { Read, Scenario } from './support.ts';

export interface ReaderShape {
  /** How many authors the reader follows (the lowest ids but their own). */
  follows: number;
  /** How many topics they chose (the lowest ids; 'all' for every topic). */
  topics: number | 'all';
}

/** The shapes the rows ask for: follows 0/10/100/1 000 beside 3 topics, and topics 0/3/all with no follows. */
export const SHAPES: readonly ReaderShape[] = [
  { follows: 0, topics: 3 },
  { follows: 10, topics: 3 },
  { follows: 100, topics: 3 },
  { follows: 1000, topics: 3 },
  { follows: 0, topics: 0 },
  { follows: 0, topics: 'all' },
];

export const shapeName = (s: ReaderShape) => `follows ${s.follows.toLocaleString('en').replace(',', ' ')}, topics ${s.topics}`;

interface Session {
  id: number;
  token: string;
}

export interface BenchReader extends Session {
  shape: ReaderShape;
}

async function call(base: string, path: string, body: unknown, session?: Session): Promise<unknown> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (session) Object.assign(headers, { token: session.token, id: String(session.id) });
  // A fresh database's first thousand follows may find the server overloaded: wait as it asks, then again.
  const response = await fetchPatiently(() => fetch(`${base}/api/user/${path}`, { method: 'POST', headers, body: JSON.stringify(body) }), 20);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Runs `tasks` at most `width` at a time. */
async function inParallel(tasks: Array<() => Promise<unknown>>, width = 16): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: width }, worker));
}

/** Signs each shape's reader in and brings their follows and topics to the shape, through the API. */
export async function prepareReaders(base: string, read: Read): Promise<BenchReader[]> {
  const users = (await read('SELECT id, email FROM users ORDER BY id DESC LIMIT ?', [SHAPES.length])).reverse();
  const topics = (await read('SELECT id FROM categories ORDER BY id', [])).map((r) => Number(r.id));
  const readers: BenchReader[] = [];
  for (const [i, shape] of SHAPES.entries()) {
    const user = users[i]!;
    const id = Number(user.id);
    const login = (await call(base, 'login', { email: user.email, password: 'Inkwell#2026' })) as { token: string };
    const session = { id, token: login.token };
    const wanted = new Set((await read('SELECT id FROM users WHERE id <> ? ORDER BY id LIMIT ?', [id, shape.follows])).map((r) => Number(r.id)));
    const now = new Set((await read('SELECT following_id AS id FROM follows WHERE follower_id = ?', [id])).map((r) => Number(r.id)));
    const follow = (author: number, on: boolean) => () => call(base, 'follow-unfollow', { user_id: id, follow_id: author, followType: on ? 1 : 0 }, session);
    await inParallel([...[...wanted].filter((a) => !now.has(a)).map((a) => follow(a, true)), ...[...now].filter((a) => !wanted.has(a)).map((a) => follow(a, false))]);
    await call(base, 'reset-categories', { user_id: id }, session);
    const chosen = shape.topics === 'all' ? topics : topics.slice(0, shape.topics);
    for (const topic of chosen) await call(base, 'selected-category', { user_id: id, category_id: topic, status: 'active' }, session);
    readers.push({ ...session, shape });
  }
  return readers;
}

/** The rows of one reader: For you, and for those who follow someone their Following page. */
export function readerScenarios(readers: readonly BenchReader[], deep: number): Scenario[] {
  const headers = (r: BenchReader) => ({ token: r.token, id: String(r.id) });
  const rows: Scenario[] = [];
  for (const r of readers) {
    rows.push({ name: `For you, ${shapeName(r.shape)}`, path: '/api/user/view-posts', body: { user_id: r.id }, headers: headers(r) });
  }
  for (const r of readers.filter((x) => x.shape.follows > 0)) {
    rows.push({ name: `Following, ${shapeName(r.shape)}`, path: '/api/user/following/posts', body: { user_id: r.id }, headers: headers(r) });
  }
  const topical = readers.find((r) => r.shape.follows === 100)!;
  rows.push(
    { name: `For you page 1 000, ${shapeName(topical.shape)}`, path: `/api/user/view-posts?cursor=${deep}`, body: { user_id: topical.id }, headers: headers(topical) },
    { name: `topic page 1, ${shapeName(topical.shape)}`, path: '/api/user/categories-name', body: { category_id: 1, user_id: topical.id }, headers: headers(topical) },
  );
  return rows;
}
