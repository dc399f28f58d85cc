import type { EmailTokensTable, LoginThrottleTable, LoginTrustTable, SessionsTable, UsersTable } from './schema/accounts.ts';
import type { FederationDeliveriesTable, FederationDomainBlocksTable, FederationKeysTable, FederationKvTable, FederationMessagesTable } from './schema/federation.ts';
import type {
  HelpRequestsTable,
  MailOutboxTable,
  NewsletterDeliveriesTable,
  NewsletterSendsTable,
  NewsletterSubscribersTable,
  NotificationMailsTable,
  NotificationsTable,
  PostFanoutsTable,
} from './schema/notifications.ts';
import type { FeedAuthorMutesTable, FeedTopicTuningTable, PostReadersTable, PostStatsDailyTable, ReadingHistoryTable, StatsSaltsTable } from './schema/reading.ts';
import type { BlocksTable, CommentBansTable, CommentsTable, FollowRequestsTable, FollowsTable, LikesTable, RepliesTable, SavesTable } from './schema/social.ts';
import type {
  AppealsTable,
  AuditLogTable,
  CasesTable,
  MemberRolesTable,
  ModerationActionsTable,
  ReportsTable,
  RolesTable,
  ServerRulesTable,
  StatementPresetsTable,
  WatchedTermsTable,
} from './schema/staff.ts';
import type { AppKeysTable, LeasesTable, RateLimitsTable, WriteEpochTable } from './schema/system.ts';
import type { CategoriesTable, DraftImagesTable, DraftsTable, PostImagesTable, PostsTable, StoredImagesTable, UserCategoriesTable } from './schema/writing.ts';

export type * from './schema/accounts.ts';
export type * from './schema/federation.ts';
export type * from './schema/notifications.ts';
export type * from './schema/reading.ts';
export type * from './schema/social.ts';
export type * from './schema/staff.ts';
export type * from './schema/system.ts';
export type * from './schema/writing.ts';

/**
 * The tables as the code sees them, each table's row type in `schema/` by area. Timestamps are
 * ISO-8601 UTC text written by the app (the same on SQLite and PostgreSQL, and they sort as text);
 * booleans are 0/1 integers on both.
 */
export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  login_throttle: LoginThrottleTable;
  login_trust: LoginTrustTable;
  rate_limits: RateLimitsTable;
  categories: CategoriesTable;
  user_categories: UserCategoriesTable;
  posts: PostsTable;
  likes: LikesTable;
  saves: SavesTable;
  follows: FollowsTable;
  follow_requests: FollowRequestsTable;
  blocks: BlocksTable;
  comment_bans: CommentBansTable;
  comments: CommentsTable;
  replies: RepliesTable;
  notifications: NotificationsTable;
  help_requests: HelpRequestsTable;
  post_images: PostImagesTable;
  drafts: DraftsTable;
  draft_images: DraftImagesTable;
  stored_images: StoredImagesTable;
  mail_outbox: MailOutboxTable;
  notification_mails: NotificationMailsTable;
  post_fanouts: PostFanoutsTable;
  app_keys: AppKeysTable;
  write_epoch: WriteEpochTable;
  leases: LeasesTable;
  stats_salts: StatsSaltsTable;
  post_readers: PostReadersTable;
  post_stats_daily: PostStatsDailyTable;
  feed_topic_tuning: FeedTopicTuningTable;
  feed_author_mutes: FeedAuthorMutesTable;
  reading_history: ReadingHistoryTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_sends: NewsletterSendsTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  federation_kv: FederationKvTable;
  federation_messages: FederationMessagesTable;
  federation_keys: FederationKeysTable;
  federation_deliveries: FederationDeliveriesTable;
  federation_domain_blocks: FederationDomainBlocksTable;
  roles: RolesTable;
  member_roles: MemberRolesTable;
  audit_log: AuditLogTable;
  cases: CasesTable;
  reports: ReportsTable;
  moderation_actions: ModerationActionsTable;
  server_rules: ServerRulesTable;
  statement_presets: StatementPresetsTable;
  appeals: AppealsTable;
  watched_terms: WatchedTermsTable;
}
