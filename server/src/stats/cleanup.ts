import type { FastifyBaseLogger } from 'fastify';
import type { StatsService } from './stats.service.ts';

/** How often the process holding the `stats-cleanup` lease deletes past days' reader rows and salts. */
export const STATS_CLEANUP_MS = 60 * 60_000;

/**
 * The periodic clean-up of the counting rows (main.ts starts it behind a lease, so one process of all
 * servers does it at a time; tests call runOnce()): reader rows are needed only while their day can
 * still be counted, and a past day's salt must not outlive it.
 */
export class StatsCleanup {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  private readonly stats: Pick<StatsService, 'cleanUp'>;
  private readonly log: FastifyBaseLogger;

  constructor(
    stats: Pick<StatsService, 'cleanUp'>,
    log: FastifyBaseLogger,
  ) {
    this.stats = stats;
    this.log = log;
  }

  start(intervalMs: number, mayRun: () => Promise<boolean> = async () => true): void {
    this.timer = setInterval(() => {
      mayRun()
        .then((run) => (run ? this.runOnce() : 0))
        .then(
          (removed) => {
            if (removed > 0) this.log.info(`Stats clean-up removed ${removed} past reader rows`);
          },
          (err: unknown) => this.log.error({ err }, 'the stats clean-up failed'),
        );
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => {});
  }

  /** One round; concurrent callers share it. Resolves to how many reader rows it removed. */
  runOnce(): Promise<number> {
    this.running ??= this.stats.cleanUp().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }
}
