import { type Acting, requireOwner } from '../access/policy.ts';
import { randomBytes } from 'node:crypto';
import { STATS_MESSAGES, STATS_POSTS_MAX, type PostStatsResponse, type StatsDay, type StatsEmail, type StatsResponse, type StatsTotals } from '@inkwell/contract';
import { type Database, isForeignKeyViolation } from '../db/database.ts';
import { HttpError, notFound } from '../lib/errors.ts';
import { type Reader, type StatsKind, dayOf, daysBefore, looksLikeProgram, readerKey } from './readers.ts';
import {
  type SeriesKind,
  countReader,
  deleteReadersBefore,
  emailCounts,
  deleteSaltsBefore,
  findCountedPost,
  findStatsPost,
  findPostOwner,
  overviewRows,
  saltOfDay,
  seriesRows,
} from './stats.repository.ts';

/** What a beacon knows of its sender: the member (signed in) or null, the address and the browser. */
export interface BeaconSender {
  userId: number | null;
  ip: string;
  userAgent: string | undefined;
}

const CLEANUP_BATCH = 1000;
const CLEANUP_BATCHES = 50;

type Counts = Omit<StatsTotals, 'read_ratio'>;
const ZERO: Counts = { views: 0, reads: 0, likes: 0, saves: 0, comments: 0 };

/** reads ÷ views, at most 1 (a read can outlive its view's day), null without views. */
function readRatio(views: number, reads: number): number | null {
  return views > 0 ? Math.min(1, reads / views) : null;
}

function sum(rows: readonly Counts[]): StatsTotals {
  const total = { ...ZERO };
  for (const row of rows) for (const key of Object.keys(ZERO) as Array<keyof Counts>) total[key] += row[key];
  return { ...total, read_ratio: readRatio(total.views, total.reads) };
}

/** The mails of a writer's stories by post id (numbers as numbers: PostgreSQL answers sums as text). */
async function emailsOf(database: Database, writerId: number, postIds?: number[]): Promise<Map<number, StatsEmail>> {
  const rows = await emailCounts(database.db, writerId, postIds);
  return new Map(
    rows.map((r) => [
      r.post_id,
      {
        status: r.status,
        recipients: Number(r.recipients),
        sent: Number(r.sent),
        pending: Number(r.pending),
        failed: Number(r.failed),
        bounced: Number(r.bounced),
        unsubscribed: Number(r.unsubscribed),
      },
    ]),
  );
}

/** The period of `days` days ending today (UTC): its first day, last day, and first instant. */
function periodOf(days: number) {
  const to = dayOf(Date.now());
  const from = daysBefore(to, days - 1);
  return { days, from, to, since: `${from}T00:00:00.000Z` };
}

/**
 * Views and reads (counted from the post page's beacons, one per reader, post and day) and the
 * writer's reading of their own numbers. The beacons are open; the numbers are only ever the caller's.
 */
export function createStatsService(database: Database) {
  const { db } = database;
  /** Today's salt, as this process got it (one database round trip a day). */
  let salt: { day: string; value: Promise<string> } | undefined;

  async function fetchSalt(day: string): Promise<string> {
    // Deleted meanwhile only by a process whose clock is already past midnight: ask again.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const value = await saltOfDay(db, day, randomBytes(32).toString('base64url'));
      if (value !== undefined) {
        await deleteSaltsBefore(db, day);
        return value;
      }
    }
    throw new Error(`the salt of ${day} could not be kept`);
  }

  function saltOf(day: string): Promise<string> {
    if (salt?.day !== day) {
      const value = fetchSalt(day);
      salt = { day, value };
      value.catch(() => {
        if (salt?.value === value) salt = undefined;
      });
    }
    return salt.value;
  }

  return {
    /**
     * A view or a read of a post: counted once per reader and day, unless the sender looks like a
     * program or is the post's author. 404 for a post that is not there (or whose author is
     * deactivated). true when it counted.
     */
    async count(kind: StatsKind, postId: number, sender: BeaconSender): Promise<boolean> {
      if (looksLikeProgram(sender.userAgent)) return false;
      const post = await findCountedPost(database, postId);
      if (!post) throw notFound(STATS_MESSAGES.postNotFound);
      if (sender.userId === post.user_id) return false;
      const day = dayOf(Date.now());
      const reader: Reader = sender.userId !== null ? { userId: sender.userId } : { ip: sender.ip, userAgent: sender.userAgent! };
      try {
        return await countReader(db, { post_id: postId, day, kind, reader: readerKey(await saltOf(day), postId, reader) });
      } catch (err) {
        // The post was deleted between the look-up and the write.
        if (!(err instanceof HttpError) && isForeignKeyViolation(err)) throw notFound(STATS_MESSAGES.postNotFound);
        throw err;
      }
    },

    /** POST /stats: the caller's newest posts with their numbers over the last `days` days, and the sums. */
    async overview(userId: Acting, days: number): Promise<StatsResponse> {
      const { since, ...period } = periodOf(days);
      const [rows, emails] = await Promise.all([overviewRows(database, userId, period.from, since, STATS_POSTS_MAX), emailsOf(database, userId)]);
      const posts = rows.map((row) => ({ ...row, read_ratio: readRatio(row.views, row.reads), email: emails.get(row.id) ?? null }));
      return { ...period, totals: sum(rows), posts };
    },

    /** POST /stats/post: one of the caller's posts, day by day; anyone else's (or none) is 404. */
    /** Whose the post is, for the access policy (route() asks it: the endpoint table's `owns`). */
    ownerOf(postId: number) {
      return findPostOwner(database, postId);
    },

    async post(userId: Acting, postId: number, days: number): Promise<PostStatsResponse> {
      const found = await findStatsPost(database, postId);
      if (!found) throw notFound(STATS_MESSAGES.postNotFound);
      // Another's numbers are not found (404), as a stranger could not tell them apart from none.
      requireOwner('post', { userId }, found, true);
      const post = { id: found.id, title: found.title, created_at: found.created_at };
      const { since, ...period } = periodOf(days);
      const byDay = new Map<string, StatsDay>();
      for (let i = days - 1; i >= 0; i -= 1) {
        const day = daysBefore(period.to, i);
        byDay.set(day, { day, ...ZERO });
      }
      for (const row of await seriesRows(database, postId, period.from, since)) {
        const day = byDay.get(row.day);
        if (day) day[row.kind as SeriesKind] += Number(row.n);
      }
      const series = [...byDay.values()];
      const email = (await emailsOf(database, userId, [postId])).get(postId) ?? null;
      return { ...period, post, totals: sum(series), series, email };
    },

    /**
     * Deletes reader rows of the days before yesterday (in bounded batches) and the salts of the days
     * before today. Answers how many reader rows went.
     */
    async cleanUp(): Promise<number> {
      const today = dayOf(Date.now());
      await deleteSaltsBefore(db, today);
      let removed = 0;
      for (let batch = 0; batch < CLEANUP_BATCHES; batch += 1) {
        const n = await deleteReadersBefore(db, daysBefore(today, 1), CLEANUP_BATCH);
        removed += n;
        if (n < CLEANUP_BATCH) break;
      }
      return removed;
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
