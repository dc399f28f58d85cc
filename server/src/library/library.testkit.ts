import { type HistoryResponse, type LibrarySearchResponse, type MarkedText, postBodyText, readTimeFromHtml } from '@inkwell/contract';
import type { TestApp } from '../test/app.ts';
import type { Session } from '../test/factories.ts';

const DAY = 24 * 3600 * 1000;

/** A published story written straight to the database, with its body's text (what the body index reads), `daysAgo` days old. */
export async function aStory(t: TestApp, o: { userId: number; title?: string; sub?: string; body?: string; daysAgo?: number }): Promise<number> {
  const category = (await t.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const description = o.body ?? '<p>Some words of the body.</p>';
  const at = new Date(Date.now() - (o.daysAgo ?? 0) * DAY).toISOString();
  const row = await t.db
    .insertInto('posts')
    .values({
      user_id: o.userId,
      category_id: category,
      title: o.title ?? 'A story',
      sub_title: o.sub ?? 'A subtitle',
      description,
      body_text: postBodyText(description),
      image: null,
      read_time: readTimeFromHtml(description),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** POST /api/user/<url> as `session` (its own user_id unless the body names one). */
export function call(t: TestApp, url: string, session: Session | null, body: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/user/${url}`,
    payload: { ...(session ? { user_id: session.id } : {}), ...body },
    headers: session?.headers ?? {},
  });
}

async function ok<T>(res: Awaited<ReturnType<typeof call>>): Promise<T> {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

export const historyOf = async (t: TestApp, me: Session, cursor?: string) => ok<HistoryResponse>(await call(t, 'history', me, cursor ? { cursor } : {}));

export async function turnOn(t: TestApp, me: Session, on = true) {
  const res = await call(t, 'history/settings', me, { enabled: on ? 1 : 0 });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
}

/** Opens a story (history/add), which must answer 204. */
export async function open(t: TestApp, me: Session, postId: number) {
  const res = await call(t, 'history/add', me, { post_id: postId });
  if (res.statusCode !== 204) throw new Error(`${res.statusCode}: ${res.body}`);
}

/** The member's history rows, last opened first, straight from the table. */
export async function rowsOf(t: TestApp, userId: number): Promise<number[]> {
  const rows = await t.db.selectFrom('reading_history').select('post_id').where('user_id', '=', userId).orderBy('read_at', 'desc').orderBy('post_id', 'desc').execute();
  return rows.map((r) => r.post_id);
}

export const searchPage = async (t: TestApp, me: Session, body: Record<string, unknown>) => ok<LibrarySearchResponse>(await call(t, 'library/search', me, body));

/** Every page of a library search, following next_cursor. */
export async function searchAll(t: TestApp, me: Session, query: string, scope = 'all'): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 100; i += 1) {
    const page = await searchPage(t, me, { query, scope, ...(cursor ? { cursor } : {}) });
    ids.push(...page.posts.map((p) => p.id));
    if (!page.next_cursor) return ids;
    cursor = page.next_cursor;
  }
  throw new Error('more than 100 pages');
}

export const marks = (segments: MarkedText) => segments.filter((s) => s.mark).map((s) => s.text);
