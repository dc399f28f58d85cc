import { type Kysely, sql } from 'kysely';

/**
 * Topics you follow: each category counts the members who chose it (`followers_count`), kept in the
 * same transaction as the choice, so a topic's page says how many follow it and the home page's
 * 'Recommended topics' can rank by it without counting rows. Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('categories')
    .addColumn('followers_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE categories SET followers_count = (SELECT COUNT(*) FROM user_categories uc WHERE uc.category_id = categories.id)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('categories').dropColumn('followers_count').execute();
}
