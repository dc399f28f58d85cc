import { z } from 'zod';
import { idField } from './common.ts';

/**
 * A writer's numbers (an addition, issue 13): per post, views (one per reader per day, counted without
 * cookies), reads (the reader reached the end of the body), likes, saves, comments and replies, over
 * the last 7, 30 or 90 days, on the Stats screen.
 */

/** The periods a writer may look at, in days ending today (UTC). */
export const STATS_PERIODS = [7, 30, 90] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
export const STATS_DEFAULT_DAYS: StatsPeriod = 30;
/** The newest posts the Stats screen lists (each with its numbers). */
export const STATS_POSTS_MAX = 1000;

export const STATS_MESSAGES = {
  postNotFound: 'Post not found.',
  days: 'The days field must be 7, 30 or 90.',
} as const;

/** 7, 30 or 90, as a number (JSON) or text (a form); left out: 30. */
const daysField = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? undefined : typeof value === 'string' && /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : value),
  z.union([z.literal(7), z.literal(30), z.literal(90)], { error: STATS_MESSAGES.days }).default(STATS_DEFAULT_DAYS),
);

/**
 * POST /api/user/stats/view and /api/user/stats/read {post_id}: open beacons the post page sends once it
 * is shown, and once its reader reaches the end of the body. Answered 204 whether or not they counted.
 */
export const statsBeaconBody = z.object({ post_id: idField('post id') });

/** POST /api/user/stats {user_id, days?}: the caller's posts with their numbers over the period. */
export const statsBody = z.object({ user_id: idField('user id'), days: daysField });
/** POST /api/user/stats/post {user_id, post_id, days?}: one of the caller's posts, day by day. */
export const postStatsBody = z.object({ user_id: idField('user id'), post_id: idField('post id'), days: daysField });

const counts = {
  views: z.number(),
  reads: z.number(),
  likes: z.number(),
  saves: z.number(),
  /** Comments and replies. */
  comments: z.number(),
};
/** reads ÷ views (at most 1), null without views. */
const readRatio = z.number().nullable();

export const statsTotals = z.object({ ...counts, read_ratio: readRatio });
export type StatsTotals = z.infer<typeof statsTotals>;

/**
 * What a story's mail to the writer's newsletter subscribers did (issue 29), null for a story that was
 * not mailed: `recipients` listed when it started; `sent` taken by the SMTP server, `pending` still to
 * go (or to retry), `failed` given up after retries, `bounced` refused for good (the address is
 * suppressed); `unsubscribed` left with this mail's link. While `status` is 'queued' nobody is listed yet.
 */
export const statsEmail = z.object({
  status: z.enum(['queued', 'sending', 'sent']),
  recipients: z.number(),
  sent: z.number(),
  pending: z.number(),
  failed: z.number(),
  bounced: z.number(),
  unsubscribed: z.number(),
});
export type StatsEmail = z.infer<typeof statsEmail>;

export const statsPost = z.object({ id: z.number(), title: z.string(), created_at: z.string(), ...counts, read_ratio: readRatio, email: statsEmail.nullable() });
export type StatsPost = z.infer<typeof statsPost>;

/** The period: `days` days from `from` to `to` (UTC dates, YYYY-MM-DD, today included). */
const period = { days: z.number(), from: z.string(), to: z.string() };

/** The caller's newest posts (at most STATS_POSTS_MAX), newest first, and their sums. */
export const statsResponse = z.object({ ...period, totals: statsTotals, posts: z.array(statsPost) });
export type StatsResponse = z.infer<typeof statsResponse>;

export const statsDay = z.object({ day: z.string(), ...counts });
export type StatsDay = z.infer<typeof statsDay>;

/** One post's numbers for each day of the period, oldest first (a day without any: zeros). */
export const postStatsResponse = z.object({
  ...period,
  post: z.object({ id: z.number(), title: z.string(), created_at: z.string() }),
  totals: statsTotals,
  series: z.array(statsDay),
  email: statsEmail.nullable(),
});
export type PostStatsResponse = z.infer<typeof postStatsResponse>;
