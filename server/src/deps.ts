import type { ReportCategory, ReportKind } from '@inkwell/contract';
import type { FastifyInstance } from 'fastify';
import type { MailOutbox } from './mail/outbox.ts';
import type { EncodedBody } from './lib/encoded-body.ts';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { DB } from './db/schema.ts';
import type { CardRow } from './feed/feed.repository.ts';
import type { PageCache } from './cache/page-cache.ts';
import type { Storage } from './storage/storage.ts';
import type { StoredImages } from './storage/stored-images.ts';
import type { DomainEventBus } from './events/domain-events.ts';

/** The members whose posts, comments and notifications a reader does not see: those they blocked. */
export type HiddenAuthors = (viewer: number) => Promise<ReadonlySet<number>>;
/** The accounts the moderators limited (ADR 0111) that a reader does not follow: out of what the reader did not ask for by name. */
export type LimitedAuthors = (viewer: number) => Promise<ReadonlySet<number>>;

/** What app.ts hands every feature plugin; a plugin builds its own services from these. */
export interface FeatureDeps {
  db: Kysely<DB>;
  /** For repositories with prepared hot-path statements (database.all). */
  database: Database;
  config: Config;
  storage: Storage;
  /** Uploads and the removal of files nothing uses (through the stored_images ledger). */
  images: StoredImages;
  /** Feed pages shared by every reader; app.ts drops them after every successful write. */
  feedCache: PageCache<CardRow[]>;
  /** Feed answers kept as bytes per reader and page (a sibling of feedCache: dropped with it). */
  feedAnswers: PageCache<EncodedBody>;
  /** Whom a reader blocked: left out of what they read (feeds, comments, search, panels, notifications). */
  hiddenAuthors: HiddenAuthors;
  limitedAuthors: LimitedAuthors;
  /** What a write says happened (a post published, edited, deleted): the modules that care react (ADR 0084). */
  events: DomainEventBus;
}

/**
 * What an account elsewhere does here, as the inbox hands it over (ADR 0086): the calls a member's
 * request makes, of the same services (social/), the actor named by its row of users. The federation
 * checks the activity and translates it; social keeps it with the same rules, counters,
 * notifications and domain events as a member's. Each resolves to whether it changed anything (a
 * change drops the cached pages, as a request's write does).
 */
export interface SocialActs {
  /** A Like (`kind` 'like', counted in the post's likes) or an Announce ('boost') of a post, made (`activityId` its id) or taken back. */
  react(actorId: number, postId: number, kind: 'like' | 'boost', on: boolean, activityId: string): Promise<boolean>;
  /**
   * A Follow of a member (`activityId` its id, kept to be undone by) or its Undo. 'refused': the member
   * blocked the actor (its server is to be sent a Reject); 'none': no member to follow or nothing to end.
   */
  follow(actorId: number, memberId: number, on: boolean, activityId: string): Promise<'followed' | 'unchanged' | 'ended' | 'refused' | 'none'>;
  /**
   * The account's answer to a member's Follow of it (`followUri`, the Follow's id): accepted (the
   * request becomes a follow, counted) or rejected (the request, or the follow it became, ends).
   */
  answer(actorId: number, followUri: string, accepted: boolean): Promise<boolean>;
  /**
   * A Note kept as a comment of the post (`answers` null) or as a reply in a comment's thread, answering
   * the comment or one of its replies; its id there (`apId`, a second delivery changes nothing), its page
   * and its time. false when not kept (the post's writer blocked the actor, or it came before).
   */
  comment(actorId: number, note: ActNote): Promise<boolean>;
  /** The actor's own comment or reply, by its Note id: new text, or removed (as the delete call removes one). */
  editComment(actorId: number, apId: string, body: string): Promise<boolean>;
  removeComment(actorId: number, apId: string): Promise<boolean>;
  /** The account's server was suspended (a domain block): every follow between it and members ends, both ways; how many ended. */
  sever(actorId: number): Promise<number>;
}

/**
 * A report from another server (a `Flag`, ADR 0095), as the inbox hands it to the moderators: what it
 * names of ours, the server that sent it (it names no person: the reporter stays theirs), the Flag's id
 * (a second delivery makes nothing) and its words.
 */
export interface ServerReport {
  server: string;
  apId: string;
  kind: ReportKind;
  targetId: number;
  category: ReportCategory;
  note: string;
}

/** What the moderation module takes from the inbox: 'made' (a report in the case of the thing), 'again' (that Flag came before), 'gone' (nothing of a member's by that id). */
export interface ModerationActs {
  reportFromServer(report: ServerReport): Promise<'made' | 'again' | 'gone'>;
}

/** Everything the inbox hands over: the social acts and the moderators' reports. */
export type InboundActs = SocialActs & ModerationActs;

export interface ActNote {
  postId: number;
  answers: { kind: 'comment' | 'reply'; id: number; commentId: number } | null;
  body: string;
  apId: string;
  url: string | null;
  createdAt: string;
}

/**
 * A background job of a module (jobs/runner.ts runs it): one round every `everyMs`. `lease`: one
 * process of all the servers runs it at a time (the process holding the lease of that name,
 * db/leases.ts); without it every process runs it, and the job itself makes that safe (each row taken
 * by one statement). `atStart`: a first round as soon as the process starts, not one interval later.
 * A round answers what it did: `said` goes to the log (nothing is said of a round that did nothing).
 */
export interface ModuleJob {
  name: string;
  everyMs: number;
  lease: boolean;
  atStart?: boolean;
  run(): Promise<{ said?: string }>;
}

/**
 * Background work of a module that runs on its own until told to stop (a queue's listener): `run` is
 * called when the jobs start and its signal aborts when they stop; it resolves once it has stopped.
 * On every process, like a job without a lease.
 */
export interface ModuleWorker {
  name: string;
  run(signal: AbortSignal): Promise<void>;
}

/**
 * What a feature brings to the app (issue 46): its calls under /api/user (`api`), its routes outside
 * it, its background jobs and workers. What it reacts to (domain events) it declares itself when it
 * is made, and so its hooks (what it lets go of when the app closes) and the app's decorations tests
 * reach it by. app.ts is the list of them.
 */
export interface AppModule {
  name: string;
  api?: (api: FastifyInstance) => PromiseLike<unknown>;
  routes?: (app: FastifyInstance) => PromiseLike<unknown>;
  jobs?: ModuleJob[];
  workers?: ModuleWorker[];
}

/** What app.ts makes before the modules and hands each: the feature deps, the mail outbox and the cache drop after a write. */
export interface AppCore extends FeatureDeps {
  outbox: MailOutbox;
  /** After any write, a request's or a job's: the cached pages go, here and in every other app process. */
  afterWrite: () => Promise<void>;
}
