import type { Kysely } from 'kysely';
import { claimOne, lease, release, renew } from '../db/claims.ts';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { DomainEventBus } from '../events/domain-events.ts';
import { actorName, noticeText } from '../notify/notify.ts';
import { announceStoryNotices, batchEnd, finishFanout, holdStory, insertStoryNotices, owedFanouts, queueFanout, queueStoryMails, storyOf } from './post-fanout.repository.ts';

interface Logger {
  error(obj: object, msg: string): void;
}

export interface FanoutOptions {
  /** Followers per statement (and per transaction). */
  batchSize: number;
  /** How long a claim holds without being renewed (each batch renews it). */
  claimMs: number;
  /** A fan-out queued this long ago and never claimed was left behind by a process that died. */
  staleMs: number;
}

export const defaultFanoutOptions: FanoutOptions = { batchSize: 1000, claimMs: 2 * 60_000, staleMs: 30_000 };

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Tells a new story to its author's followers: one 'post' notification each, never two. The fan-out
 * is owed from the publishing transaction on (`queue`: a post_fanouts row), and written once that
 * committed (`start`), in the background, a batch of followers per statement, each batch in a
 * transaction of its own with their waiting mails and one NOTIFY; the row goes when all are told. A
 * process that dies between the commit and the end leaves the row, which the story fan-outs job's
 * next round anywhere takes up (`sweep`: the `story-fanouts` job, notifications.module.ts): batches already written are skipped by the unique index. A
 * failure is logged and never reaches the publishing call.
 */
export class PostFanout {
  private readonly running = new Set<Promise<unknown>>();
  private stopping = false;

  private readonly db: Kysely<DB>;
  private readonly log: Logger;
  private readonly options: FanoutOptions;

  constructor(db: Kysely<DB>, log: Logger, options: FanoutOptions = defaultFanoutOptions) {
    this.db = db;
    this.log = log;
    this.options = options;
  }

  /** Its reaction to a published story (ADR 0084): its writer's followers are owed a notification each, told once it committed. */
  reactTo(events: DomainEventBus): void {
    events.on('story.published', { owe: (trx, story) => this.queue(trx, story.postId), start: (story) => this.start(story.postId) });
  }

  /** In the publishing transaction: the story's followers are owed a notification each. */
  queue(trx: Kysely<DB>, postId: number): Promise<void> {
    return queueFanout(trx, postId, nowIso());
  }

  start(postId: number): void {
    if (this.stopping) return; // owed still: the next process's sweep tells them
    this.track(this.run(postId).catch((err: unknown) => this.log.error({ err, postId }, 'telling followers of a new story failed; it is tried again later')));
  }

  /**
   * Runs the fan-out of a post if no other process holds it: resolves to the number of notifications
   * written (0 when it was done, held elsewhere or its post is gone).
   */
  async run(postId: number, now = Date.now()): Promise<number> {
    const claimed = lease(this.options.claimMs, now);
    let held = claimed.until;
    if (!(await claimOne(this.db, 'post_fanouts', postId, claimed))) return 0;
    const story = await storyOf(this.db, postId);
    if (!story || story.author_deactivated_at !== null) {
      await finishFanout(this.db, postId);
      return 0;
    }
    const message = noticeText.post(actorName(story.author_name), story.title);
    let written = 0;
    let after = 0;
    for (;;) {
      if (this.stopping) {
        await release(this.db, 'post_fanouts', postId, held);
        return written;
      }
      const upTo = await batchEnd(this.db, story.user_id, after, this.options.batchSize);
      const renewed = iso(Math.max(Date.now(), now) + this.options.claimMs);
      const count = await this.db.transaction().execute(async (trx) => {
        if (!(await holdStory(trx, postId, story.user_id))) return null;
        if (!(await renew(trx, 'post_fanouts', postId, held, renewed))) return null; // taken over by another process
        const at = nowIso();
        const rows = await insertStoryNotices(trx, { postId, authorId: story.user_id, message, now: at, after, upTo });
        const ids = rows.map((r) => r.id);
        await queueStoryMails(trx, ids, at);
        await announceStoryNotices(trx, postId, ids);
        return ids.length;
      });
      if (count === null) return written;
      held = renewed;
      written += count;
      if (upTo === null) break;
      after = upTo;
    }
    await finishFanout(this.db, postId);
    return written;
  }

  /** Takes up the fan-outs left behind (see owedFanouts); the story fan-outs job calls it each round. Resolves to how many it ran. */
  async sweep(now = Date.now()): Promise<number> {
    if (this.stopping) return 0;
    const owed = await owedFanouts(this.db, iso(now), iso(now - this.options.staleMs), 20);
    let ran = 0;
    for (const postId of owed) {
      if (this.stopping) break;
      const run = this.run(postId, now);
      this.track(run.catch(() => {}));
      try {
        await run;
        ran += 1;
      } catch (err) {
        this.log.error({ err, postId }, 'telling followers of a new story failed; it is tried again later');
      }
    }
    return ran;
  }

  /** Resolves once every fan-out begun here has ended (tests; closing). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** Begins no more batches; what is under way ends after its batch, its claim let go for the next process. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.settled();
  }

  private track(promise: Promise<unknown>): void {
    this.running.add(promise);
    void promise.finally(() => this.running.delete(promise));
  }
}
