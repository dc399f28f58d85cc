import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The SQL of the public yearly counts (ADR 0107): each a GROUP BY on the year of an ISO time kept as
 * text (its first four characters, the same on SQLite and PostgreSQL). Counts only: no name, no id.
 */
const yearOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 4)`;

export function reportsByYear(db: Kysely<DB>) {
  return db
    .selectFrom('reports')
    .select((eb) => [yearOf('created_at').as('year'), eb.fn.countAll<number | string>().as('n'), eb.fn.count<number | string>('reporter_server').as('from_servers')])
    .groupBy(yearOf('created_at'))
    .execute();
}

/** Cases decided, by the year of their decision and the decision. */
export function decisionsByYear(db: Kysely<DB>) {
  return db
    .selectFrom('cases')
    .select((eb) => [yearOf('resolved_at').as('year'), 'decision', eb.fn.countAll<number | string>().as('n')])
    .where('status', '=', 'resolved')
    .where('resolved_at', 'is not', null)
    .where('decision', 'is not', null)
    .groupBy([yearOf('resolved_at'), 'decision'])
    .execute();
}

/** Writings held for review, by the year they were held. */
export function heldByYear(db: Kysely<DB>) {
  return db
    .selectFrom('cases')
    .select((eb) => [yearOf('opened_at').as('year'), eb.fn.countAll<number | string>().as('n')])
    .where('held_for', 'is not', null)
    .groupBy(yearOf('opened_at'))
    .execute();
}

/** Appeals by the year they were made, and where they stand. */
export function appealsByYear(db: Kysely<DB>) {
  return db
    .selectFrom('appeals')
    .select((eb) => [yearOf('created_at').as('year'), 'status', eb.fn.countAll<number | string>().as('n')])
    .groupBy([yearOf('created_at'), 'status'])
    .execute();
}
