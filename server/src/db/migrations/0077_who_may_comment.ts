import { type Kysely, sql } from 'kysely';

/**
 * Who may comment on a story (issue 47, ADR 0115): `posts.comments_from` (anyone, followers,
 * subscribers, nobody) and the writer's choice for new stories, `users.comments_from`. Every story
 * written until now stays open to anyone. Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const CHOICES = sql.raw(`('anyone', 'followers', 'subscribers', 'nobody')`);

export async function up(db: AnyDb): Promise<void> {
  for (const table of ['posts', 'users'] as const) {
    await db.schema
      .alterTable(table)
      .addColumn('comments_from', 'text', (c) =>
        c
          .notNull()
          .defaultTo('anyone')
          .check(sql`comments_from IN ${CHOICES}`),
      )
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['posts', 'users'] as const) await db.schema.alterTable(table).dropColumn('comments_from').execute();
}
