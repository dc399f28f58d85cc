import type { Config } from '../config.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { StoredImages } from '../storage/stored-images.ts';
import { RATE_LIMIT_SWEEP_MS } from '../rate-limit/rate-limit.ts';
import type { Job } from './runner.ts';

/**
 * The jobs of what every module shares (app.ts adds them beside the modules' own): the mail outbox on
 * every process (each mail claimed with a lease of its own), the storage sweep on the one process
 * holding its lease, and, when rate-limit counters are kept in the database (no Redis), the sweep of
 * ended ones by the lease holder (the table is every process's, so one sweeper is enough).
 */
export function appJobs(
  config: Config,
  parts: {
    outbox: MailOutbox;
    images: StoredImages;
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
    ...(sweepRateLimits ? [{ name: 'rate-limit-sweep', everyMs: RATE_LIMIT_SWEEP_MS, lease: true, run: async () => (await sweepRateLimits(), {}) }] : []),
  ];
}
