import type { FastifyBaseLogger } from 'fastify';
import type { DraftsService } from './drafts.service.ts';

/**
 * Publishes scheduled drafts when their time comes: every app process looks every `pollMs` (main.ts
 * starts it; tests call runOnce()). Safe everywhere at once: each draft is taken by one DELETE …
 * RETURNING, so it becomes one post on one server. Each round that published something drops the
 * caches here and in every other process (`wrote`), as a write through the API does.
 */
export class ScheduledPosts {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  private readonly drafts: Pick<DraftsService, 'publishDue'>;
  private readonly wrote: () => Promise<void>;
  private readonly log: FastifyBaseLogger;

  constructor(
    drafts: Pick<DraftsService, 'publishDue'>,
    wrote: () => Promise<void>,
    log: FastifyBaseLogger,
  ) {
    this.drafts = drafts;
    this.wrote = wrote;
    this.log = log;
  }

  start(pollMs: number): void {
    this.timer = setInterval(() => void this.runOnce().catch((err: unknown) => this.log.error({ err }, 'publishing scheduled posts failed')), pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => {});
  }

  /** One round; concurrent callers share it. Resolves to how many posts it published. */
  runOnce(now?: string): Promise<number> {
    this.running ??= this.drafts
      .publishDue(now)
      .then(async (published) => {
        if (published > 0) {
          await this.wrote();
          this.log.info(`Published ${published} scheduled post${published === 1 ? '' : 's'}`);
        }
        return published;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }
}
