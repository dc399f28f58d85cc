import { plural } from '@inkwell/contract';
import type { Config } from '../config.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { NotificationMailer } from '../notifications/digest.ts';
import type { PostFanout } from '../notifications/post-fanout.ts';
import type { ScheduledPosts } from '../posts/scheduled.ts';
import { STATS_CLEANUP_MS, type StatsCleanup } from '../stats/cleanup.ts';
import type { StoredImages } from '../storage/stored-images.ts';
import type { NewsletterSender } from '../newsletters/newsletter-sender.ts';
import { RATE_LIMIT_SWEEP_MS } from '../rate-limit/rate-limit.ts';
import type { Job } from './runner.ts';

/** How often unconfirmed newsletter addresses are looked for (they are forgotten 7 days after their last confirmation mail). */
const NEWSLETTER_CLEANUP_MS = 60 * 60 * 1000;

/**
 * The app's background jobs. Every process runs the ones whose rows are each taken by one statement
 * (a mail claimed with a lease of its own, a digest's rows and a scheduled draft by one DELETE …
 * RETURNING); the storage sweep and the stats clean-up run on the one process holding their lease.
 * The new stories' fan-outs a process left unfinished (it died between the publishing commit and the
 * last batch) are taken up by a job of their own, each fan-out claimed by one process. Ended
 * rate-limit counters (kept in the database when there is no Redis) are deleted by the process holding
 * the lease: the table is every process's, so one sweeper is enough.
 */
export function appJobs(
  config: Config,
  parts: {
    outbox: MailOutbox;
    digests: NotificationMailer;
    stories: Pick<PostFanout, 'sweep'>;
    images: StoredImages;
    scheduledPosts: ScheduledPosts;
    statsCleanup: StatsCleanup;
    /** Forgets newsletter addresses never confirmed (newsletters/newsletters.service.ts). */
    forgetUnconfirmed: () => Promise<number>;
    newsletterSender: Pick<NewsletterSender, 'runOnce'>;
    /** Deletes ended rate-limit counters (rate-limit/rate-limit.ts); null when they are counted in Redis. */
    sweepRateLimits: (() => Promise<number>) | null;
  },
): Job[] {
  const { sweepRateLimits } = parts;
  return [
    {
      name: 'mail-outbox',
      everyMs: config.mail.pollMs,
      lease: false,
      atStart: true,
      run: async () => (await parts.outbox.drain(), {}),
    },
    {
      name: 'notification-digests',
      everyMs: config.notifications.digestPollMs,
      lease: false,
      run: async () => (await parts.digests.flush(), {}),
    },
    {
      name: 'story-fanouts',
      everyMs: config.notifications.digestPollMs,
      lease: false,
      run: async () => {
        const ran = await parts.stories.sweep();
        return ran > 0 ? { said: `Took up ${plural(ran, 'unfinished story fan-out')}` } : {};
      },
    },
    {
      name: 'scheduled-posts',
      everyMs: config.schedulePollMs,
      lease: false,
      // A post that went out drops the caches here and everywhere (ScheduledPosts' `wrote`).
      run: async () => {
        const published = await parts.scheduledPosts.runOnce();
        return published > 0 ? { said: `Published ${plural(published, 'scheduled post')}` } : {};
      },
    },
    {
      name: 'storage-sweep',
      everyMs: config.storageSweepMs,
      lease: true,
      run: async () => {
        const r = await parts.images.sweep();
        const said = [
          r.unused + r.strays + r.temps > 0 ? `Storage sweep removed ${r.unused} unused, ${r.strays} stray and ${r.temps} temporary files` : '',
          r.sized > 0 ? `Storage sweep measured ${r.sized} older files and stored their narrower copies` : '',
        ].filter(Boolean);
        return said.length > 0 ? { said: said.join('; ') } : {};
      },
    },
    {
      name: 'stats-cleanup',
      everyMs: STATS_CLEANUP_MS,
      lease: true,
      run: async () => {
        const removed = await parts.statsCleanup.runOnce();
        return removed > 0 ? { said: `Stats clean-up removed ${plural(removed, 'past reader row')}` } : {};
      },
    },
    {
      // One process of all the servers mails the stories (its lease), each delivery claimed before it goes.
      name: 'newsletter-send',
      everyMs: config.newsletter.pollMs,
      lease: true,
      atStart: true,
      run: async () => {
        const r = await parts.newsletterSender.runOnce();
        const said = r.listed + r.sent + r.bounced + r.failed + r.finished > 0;
        return said
          ? {
              said: `Newsletter: ${r.listed} listed, ${r.sent} sent, ${r.retried} to retry, ${r.bounced} bounced, ${r.failed} failed, ${plural(r.finished, 'story', 'stories')} done`,
            }
          : {};
      },
    },
    {
      name: 'newsletter-unconfirmed',
      everyMs: NEWSLETTER_CLEANUP_MS,
      lease: true,
      run: async () => {
        const forgotten = await parts.forgetUnconfirmed();
        return forgotten > 0 ? { said: `Forgot ${plural(forgotten, 'unconfirmed newsletter address', 'unconfirmed newsletter addresses')}` } : {};
      },
    },
    ...(sweepRateLimits ? [{ name: 'rate-limit-sweep', everyMs: RATE_LIMIT_SWEEP_MS, lease: true, run: async () => (await sweepRateLimits(), {}) }] : []),
  ];
}
