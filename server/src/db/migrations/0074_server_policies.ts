import type { Kysely } from 'kysely';

/**
 * What is done to a server elsewhere (issue 47, ADR 0108): a block of a domain gets a severity
 * ('suspend', as every block was until now, or 'noop': nothing blocked, only what is refused below),
 * whether its media and its reports are refused, a public and a private comment, whether the public
 * list shows the domain in part, and when it was last changed. Mastodon's CSV carries the same.
 * Frozen, portable (SQLite drops one column at a time).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const COLUMNS = ['severity', 'reject_media', 'reject_reports', 'obfuscate', 'public_comment', 'private_comment', 'updated_at'] as const;

export async function up(db: AnyDb): Promise<void> {
  const table = () => db.schema.alterTable('federation_domain_blocks');
  await table()
    .addColumn('severity', 'text', (c) => c.notNull().defaultTo('suspend'))
    .execute();
  await table()
    .addColumn('reject_media', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await table()
    .addColumn('reject_reports', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await table()
    .addColumn('obfuscate', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await table()
    .addColumn('public_comment', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await table()
    .addColumn('private_comment', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await table().addColumn('updated_at', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of [...COLUMNS].reverse()) await db.schema.alterTable('federation_domain_blocks').dropColumn(column).execute();
}
