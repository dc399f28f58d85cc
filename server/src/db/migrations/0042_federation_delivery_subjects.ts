import type { Kysely } from 'kysely';

/**
 * federation_deliveries.subject: a note of a member owed to the fediverse, written in the transaction
 * that kept or removed it, as a story's change is (0031): 'answer:<remote_comments id>' (an answer to a
 * fediverse reply) or 'story-reply:<remote_story_replies id>' (a reply to a story elsewhere), with
 * `kind` 'create' or 'delete' (a delete keeps whom it went to in `recipients`, for the row is gone).
 * A subject's rows are handed over in order, as a story's are. Null for a story's change and an
 * account's deletion. Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('federation_deliveries').addColumn('subject', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('federation_deliveries').dropColumn('subject').execute();
}
