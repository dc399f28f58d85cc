import type { DraftsService } from './drafts.service.ts';

/**
 * Publishes scheduled drafts when their time comes: every app process looks each round (the
 * `scheduled-posts` job, posts.plugin.ts postsModule; tests call runOnce()). Safe everywhere at once: each draft
 * is taken by one DELETE … RETURNING, so it becomes one post on one server. Each round that published
 * something drops the caches here and in every other process (`wrote`, the path a request's write
 * takes), as a write through the API does.
 */
export class ScheduledPosts {
  private running: Promise<number> | undefined;

  private readonly drafts: Pick<DraftsService, 'publishDue'>;
  private readonly wrote: () => Promise<void>;

  constructor(drafts: Pick<DraftsService, 'publishDue'>, wrote: () => Promise<void>) {
    this.drafts = drafts;
    this.wrote = wrote;
  }

  /** One round; concurrent callers share it. Resolves to how many posts it published. */
  runOnce(now?: string): Promise<number> {
    this.running ??= this.drafts
      .publishDue(now)
      .then(async (published) => {
        if (published > 0) await this.wrote();
        return published;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }
}
