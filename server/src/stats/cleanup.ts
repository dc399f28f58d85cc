import type { StatsService } from './stats.service.ts';

/** How often the process holding the `stats-cleanup` lease deletes past days' reader rows and salts. */
export const STATS_CLEANUP_MS = 60 * 60_000;

/**
 * The periodic clean-up of the counting rows (the `stats-cleanup` job of stats.plugin.ts statsModule, run by one
 * process of all servers at a time through its lease; tests call runOnce()): reader rows are needed
 * only while their day can still be counted, and a past day's salt must not outlive it.
 */
export class StatsCleanup {
  private running: Promise<number> | undefined;

  private readonly stats: Pick<StatsService, 'cleanUp'>;

  constructor(stats: Pick<StatsService, 'cleanUp'>) {
    this.stats = stats;
  }

  /** One round; concurrent callers share it. Resolves to how many reader rows it removed. */
  runOnce(): Promise<number> {
    this.running ??= this.stats.cleanUp().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }
}
