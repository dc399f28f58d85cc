import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import * as m0001 from './migrations/0001_initial.ts';
import * as m0002 from './migrations/0002_post_images.ts';
import * as m0003 from './migrations/0003_saves_by_time.ts';
import * as m0004 from './migrations/0004_stored_images.ts';
import * as m0005 from './migrations/0005_notification_sources.ts';
import * as m0006 from './migrations/0006_search.ts';
import * as m0007 from './migrations/0007_whom_to_follow.ts';
import * as m0008 from './migrations/0008_login_throttle.ts';
import * as m0009 from './migrations/0009_search_without_scans.ts';
import * as m0010 from './migrations/0010_blocks.ts';
import * as m0011 from './migrations/0011_email_change.ts';
import * as m0012 from './migrations/0012_notification_delivery.ts';
import * as m0013 from './migrations/0013_image_sizes.ts';
import * as m0015 from './migrations/0015_shared_work.ts';
import * as m0016 from './migrations/0016_rate_limits.ts';
import * as m0017 from './migrations/0017_drafts.ts';
import * as m0018 from './migrations/0018_follows_by_time.ts';
import * as m0019 from './migrations/0019_search_bodies.ts';
import * as m0020 from './migrations/0020_post_stats.ts';
import * as m0021 from './migrations/0021_post_notifications.ts';
import * as m0022 from './migrations/0022_topic_followers.ts';
import * as m0023 from './migrations/0023_reply_threads.ts';
import * as m0024 from './migrations/0024_feed_tuning.ts';
import * as m0025 from './migrations/0025_reading_history.ts';
import * as m0026 from './migrations/0026_newsletters.ts';
import * as m0027 from './migrations/0027_newsletter_sends.ts';
import * as m0028 from './migrations/0028_federation_store.ts';
import * as m0029 from './migrations/0029_federation_keys.ts';
import * as m0030 from './migrations/0030_remote_followers.ts';
import * as m0031 from './migrations/0031_federation_deliveries.ts';
import * as m0032 from './migrations/0032_federation_domain_blocks.ts';
import * as m0033 from './migrations/0033_remote_reactions.ts';
import * as m0034 from './migrations/0034_remote_notices.ts';
import * as m0035 from './migrations/0035_remote_comments.ts';
import * as m0036 from './migrations/0036_remote_boost_notices.ts';
import * as m0037 from './migrations/0037_remote_blocks.ts';
import * as m0038 from './migrations/0038_remote_following.ts';
import * as m0039 from './migrations/0039_remote_stories.ts';
import * as m0040 from './migrations/0040_remote_story_likes.ts';
import * as m0041 from './migrations/0041_remote_story_replies.ts';
import * as m0042 from './migrations/0042_federation_delivery_subjects.ts';
import * as m0043 from './migrations/0043_remote_stats_indexes.ts';
import * as m0044 from './migrations/0044_actor_columns.ts';
import * as m0045 from './migrations/0045_actor_without_email.ts';
import * as m0046 from './migrations/0046_actors_as_users.ts';
import * as m0047 from './migrations/0047_remote_blocks_folded.ts';
import * as m0048 from './migrations/0048_notices_name_accounts.ts';
import * as m0049 from './migrations/0049_remote_followers_folded.ts';
import * as m0050 from './migrations/0050_remote_following_folded.ts';
import * as m0051 from './migrations/0051_remote_likes_folded.ts';
import * as m0052 from './migrations/0052_boosts_folded.ts';
import * as m0053 from './migrations/0053_comments_elsewhere.ts';
import * as m0054 from './migrations/0054_comments_folded.ts';
import * as m0055 from './migrations/0055_posts_elsewhere.ts';
import * as m0056 from './migrations/0056_delivery_activity_ids.ts';
import * as m0057 from './migrations/0057_stories_folded.ts';
import * as m0058 from './migrations/0058_remote_tables_dropped.ts';
import * as m0059 from './migrations/0059_follow_requests_asked.ts';
import * as m0060 from './migrations/0060_roles_and_audit_log.ts';
import * as m0061 from './migrations/0061_reports_and_cases.ts';
import * as m0062 from './migrations/0062_case_decisions.ts';
import * as m0063 from './migrations/0063_writings_by_writer_time.ts';
import * as m0064 from './migrations/0064_reports_from_elsewhere.ts';
import * as m0065 from './migrations/0065_moderation_actions.ts';
import * as m0066 from './migrations/0066_case_forwarding.ts';
import * as m0067 from './migrations/0067_held_writings.ts';
import * as m0068 from './migrations/0068_hidden_by_moderators.ts';
import * as m0069 from './migrations/0069_server_rules.ts';
import * as m0070 from './migrations/0070_statement_presets.ts';
import * as m0071 from './migrations/0071_appeals.ts';
import * as m0072 from './migrations/0072_watched_terms.ts';
import * as m0073 from './migrations/0073_cases_by_kind.ts';
import * as m0074 from './migrations/0074_server_policies.ts';
import * as m0075 from './migrations/0075_help_in_the_console.ts';
import * as m0076 from './migrations/0076_limited_accounts.ts';
import * as m0077 from './migrations/0077_who_may_comment.ts';
import * as m0078 from './migrations/0078_comment_bans.ts';
import type { DB } from './schema.ts';
import { seedCategories } from './seed-categories.ts';

/** Every migration, in order. Listed explicitly so bundling or a changed cwd cannot lose one. */
const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_post_images': m0002,
  '0003_saves_by_time': m0003,
  '0004_stored_images': m0004,
  '0005_notification_sources': m0005,
  '0006_search': m0006,
  '0007_whom_to_follow': m0007,
  '0008_login_throttle': m0008,
  '0009_search_without_scans': m0009,
  '0010_blocks': m0010,
  '0011_email_change': m0011,
  '0012_notification_delivery': m0012,
  '0013_image_sizes': m0013,
  '0015_shared_work': m0015,
  '0016_rate_limits': m0016,
  '0017_drafts': m0017,
  '0018_follows_by_time': m0018,
  '0019_search_bodies': m0019,
  '0020_post_stats': m0020,
  '0021_post_notifications': m0021,
  '0022_topic_followers': m0022,
  '0023_reply_threads': m0023,
  '0024_feed_tuning': m0024,
  '0025_reading_history': m0025,
  '0026_newsletters': m0026,
  '0027_newsletter_sends': m0027,
  '0028_federation_store': m0028,
  '0029_federation_keys': m0029,
  '0030_remote_followers': m0030,
  '0031_federation_deliveries': m0031,
  '0032_federation_domain_blocks': m0032,
  '0033_remote_reactions': m0033,
  '0034_remote_notices': m0034,
  '0035_remote_comments': m0035,
  '0036_remote_boost_notices': m0036,
  '0037_remote_blocks': m0037,
  '0038_remote_following': m0038,
  '0039_remote_stories': m0039,
  '0040_remote_story_likes': m0040,
  '0041_remote_story_replies': m0041,
  '0042_federation_delivery_subjects': m0042,
  '0043_remote_stats_indexes': m0043,
  '0044_actor_columns': m0044,
  '0045_actor_without_email': m0045,
  '0046_actors_as_users': m0046,
  '0047_remote_blocks_folded': m0047,
  '0048_notices_name_accounts': m0048,
  '0049_remote_followers_folded': m0049,
  '0050_remote_following_folded': m0050,
  '0051_remote_likes_folded': m0051,
  '0052_boosts_folded': m0052,
  '0053_comments_elsewhere': m0053,
  '0054_comments_folded': m0054,
  '0055_posts_elsewhere': m0055,
  '0056_delivery_activity_ids': m0056,
  '0057_stories_folded': m0057,
  '0058_remote_tables_dropped': m0058,
  '0059_follow_requests_asked': m0059,
  '0060_roles_and_audit_log': m0060,
  '0061_reports_and_cases': m0061,
  '0062_case_decisions': m0062,
  '0063_writings_by_writer_time': m0063,
  '0064_reports_from_elsewhere': m0064,
  '0065_moderation_actions': m0065,
  '0066_case_forwarding': m0066,
  '0067_held_writings': m0067,
  '0068_hidden_by_moderators': m0068,
  '0069_server_rules': m0069,
  '0070_statement_presets': m0070,
  '0071_appeals': m0071,
  '0072_watched_terms': m0072,
  '0073_cases_by_kind': m0073,
  '0074_server_policies': m0074,
  '0075_help_in_the_console': m0075,
  '0076_limited_accounts': m0076,
  '0077_who_may_comment': m0077,
  '0078_comment_bans': m0078,
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date and seeds the categories (idempotent). Throws on failure. */
export async function migrateToLatest(db: Kysely<DB>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(failed ? `migration ${failed.migrationName} failed: ${reason}` : reason);
  }
  await seedCategories(db);
}
