import type { TestApp } from '../test/app.ts';
import type { Session } from '../test/factories.ts';
import type { StatsKind } from './readers.ts';

/** A desktop browser's User-Agent: a reader, not a program. */
export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** A beacon as the post page sends it: from an address and a browser, signed in (cookies) or not. */
export function beacon(t: TestApp, kind: StatsKind, postId: unknown, from: { as?: Session; ip?: string; ua?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/user/stats/${kind}`,
    payload: { post_id: postId },
    remoteAddress: from.ip ?? '203.0.113.7',
    headers: { 'user-agent': from.ua ?? BROWSER },
    cookies: from.as ? { token: from.as.token, id: String(from.as.id) } : {},
  });
}

/** A post's counted readers (kind per row) and its daily numbers, oldest day first. */
export async function statsOf(t: TestApp, postId: number) {
  const readers = await t.db.selectFrom('post_readers').select(['day', 'kind', 'reader']).where('post_id', '=', postId).orderBy('day').orderBy('kind').execute();
  const daily = await t.db.selectFrom('post_stats_daily').select(['day', 'views', 'reads']).where('post_id', '=', postId).orderBy('day').execute();
  return { readers, daily };
}

/** The signed-in calls of the feature. */
export function ownStats(t: TestApp, as: Session, body: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/user/stats', payload: { user_id: as.id, ...body }, headers: as.headers });
}

export function postStats(t: TestApp, as: Session | null, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/user/stats/post', payload: body, headers: as?.headers ?? {} });
}
