import type { MarkedText, SearchResultType, SearchResultsResponse } from '@inkwell/contract';
import { readTimeFromHtml } from '@inkwell/contract';
import { publishPost } from '../posts/posts.repository.ts';
import type { TestApp } from '../test/app.ts';

const DAY = 24 * 3600 * 1000;

/** A published post as add-post writes it (body_text with it), `daysAgo` days old. */
export async function aStory(t: TestApp, o: { userId: number; title?: string; sub?: string; body?: string; daysAgo?: number; image?: string | null }): Promise<number> {
  const category = (await t.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const description = o.body ?? '<p>Some words of the body.</p>';
  const now = new Date(Date.now() - (o.daysAgo ?? 0) * DAY).toISOString();
  const values = {
    category_id: category,
    title: o.title ?? 'A story',
    sub_title: o.sub ?? 'A subtitle',
    description,
    image: o.image ?? null,
    read_time: readTimeFromHtml(description),
  };
  return t.db.transaction().execute((trx) => publishPost(trx, o.userId, values, [], now));
}

/** POST /api/user/search/results as it answered (status and body). */
export async function ask(t: TestApp, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/search/results', payload: body, headers });
  return { status: res.statusCode, body: res.json() as SearchResultsResponse & { errors?: Record<string, string[]> } };
}

/** One page's answer, which must be 200. */
export async function page(t: TestApp, query: string, type: SearchResultType = 'posts', cursor?: string, headers: Record<string, string> = {}) {
  const res = await ask(t, { query, type, ...(cursor ? { cursor } : {}) }, headers);
  if (res.status !== 200) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Every page of posts for a query, following next_cursor. */
export async function allPosts(t: TestApp, query: string, headers: Record<string, string> = {}): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 100; i += 1) {
    const p = await page(t, query, 'posts', cursor, headers);
    ids.push(...p.posts.map((x) => x.id));
    if (!p.next_cursor) return ids;
    cursor = p.next_cursor;
  }
  throw new Error('more than 100 pages');
}

export const plain = (segments: MarkedText) => segments.map((s) => s.text).join('');
export const marks = (segments: MarkedText) => segments.filter((s) => s.mark).map((s) => s.text);
