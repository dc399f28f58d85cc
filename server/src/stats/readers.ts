import { createHmac } from 'node:crypto';

/**
 * Who a beacon counts as, without cookies or anything stored in the browser: a key derived from the
 * day's random salt (shared by every app process, gone once the day is over) and the post, with the
 * member's id, or for a visitor the address and the browser's User-Agent. The same reader of the same
 * post on the same day gets the same key, so they count once; nobody (the database included) can tell
 * who a key is, or link one reader's keys across posts or days, once that day's salt is deleted.
 */

export type StatsKind = 'view' | 'read';

/** A member (their id) or a visitor (address and browser). */
export type Reader = { userId: number } | { ip: string; userAgent: string };

const DAY_MS = 86_400_000;

/** The UTC day of a time, as YYYY-MM-DD. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The UTC day n days before `day` (n < 0: after). */
export function daysBefore(day: string, n: number): string {
  return dayOf(Date.parse(`${day}T00:00:00.000Z`) - n * DAY_MS);
}

/** 22 base64url characters (132 bits) of HMAC-SHA-256 under the day's salt. */
export function readerKey(salt: string, postId: number, reader: Reader): string {
  const who = 'userId' in reader ? `member\n${reader.userId}` : `visitor\n${reader.ip}\n${reader.userAgent}`;
  return createHmac('sha256', salt).update(`${postId}\n${who}`).digest('base64url').slice(0, 22);
}

/**
 * Browsers that are programs, not readers: crawlers that run a page's script (Googlebot, bingbot…),
 * headless and automated browsers, and HTTP libraries calling the beacon directly. A short list on
 * purpose (README, ARCHITECTURE.md): anyone can send another User-Agent, and it only has to keep the
 * honest robots out of a writer's numbers. A missing User-Agent counts as a program too.
 */
const PROGRAMS =
  /bot|crawl|spider|slurp|headless|lighthouse|pagespeed|phantomjs|puppeteer|playwright|selenium|curl|wget|python|java\/|go-http-client|okhttp|axios|node-fetch|undici|scrapy/i;

export function looksLikeProgram(userAgent: string | undefined): boolean {
  return userAgent === undefined || userAgent.trim() === '' || PROGRAMS.test(userAgent);
}
