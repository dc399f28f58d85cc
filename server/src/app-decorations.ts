import type { StaffPermission } from '@inkwell/contract';
import type { MailOutbox } from './mail/outbox.ts';
import type { NotificationMailer } from './notifications/digest.ts';
import type { NotificationHub } from './notifications/live.ts';
import type { PostFanout } from './notifications/post-fanout.ts';
import type { NewsletterSender } from './newsletters/newsletter-sender.ts';
import type { ScheduledPosts } from './posts/scheduled.ts';
import type { StatsCleanup } from './stats/cleanup.ts';
import type { StoredImages } from './storage/stored-images.ts';
import type { JobRunner } from './jobs/runner.ts';
import type { WriteQueue } from './plugins/write-queue.ts';

/**
 * What buildApp (app.ts) decorates the Fastify app with (tests and main.ts reach the jobs and the
 * workers through them), and what each route's config may say (the endpoint table sets it).
 */
declare module 'fastify' {
  interface FastifyInstance {
    outbox: MailOutbox;
    images: StoredImages;
    /** Gathers waiting notifications into digest mails (main.ts starts it; tests call flush()). */
    notificationMailer: NotificationMailer;
    /** The open notification streams of this process. */
    notificationHub: NotificationHub;
    /** Publishes scheduled drafts when due (a job; tests call runOnce()). */
    scheduledPosts: ScheduledPosts;
    /** Tells a new story to its author's followers after the publishing commit (tests await settled()). */
    postFanout: PostFanout;
    /** Mails new stories to their writers' subscribers (a job behind a lease; tests call runOnce()). */
    newsletterSender: NewsletterSender;
    /** Deletes past days' stats reader rows and salts (a job behind a lease; tests call runOnce()). */
    statsCleanup: StatsCleanup;
    /** The background jobs (each module's, and jobs/app-jobs.ts' shared ones): main.ts starts them, closing the app stops them. */
    jobs: JobRunner;
    /** The turns of signed-in writes (plugins/write-queue.ts; tests hold turns to fill it). */
    writeQueue: WriteQueue;
  }
  interface FastifyContextConfig {
    /** A POST that changes nothing (a read): it does not drop the feed cache. */
    readOnly?: boolean;
    /** A long-lived answer (Server-Sent Events): not counted among the handlers shutdown waits for. */
    stream?: boolean;
    /** The per-address limit the route counts against (rate-limit.ts `perAddress`). */
    rateLimitName?: string;
    /** Who may make the call, as its endpoint entry says (`session` writes go through the write queue). */
    access?: 'session' | 'reader' | 'open';
    /** A console call: the permission its caller's role must have (plugins/staff.ts). */
    staff?: StaffPermission;
    /** The call waits for a turn in the write queue (set as it is registered: plugins/write-queue.ts). */
    writeQueue?: boolean;
  }
}
