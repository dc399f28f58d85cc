import type { Kysely } from 'kysely';
import type { DB } from '../../server/src/db/schema.ts';

/**
 * Inserts rows in multi-row statements, a transaction per 20 batches: fast on SQLite (one journal
 * write per transaction) and on PostgreSQL (few round trips).
 */
export async function insertMany<T extends keyof DB>(db: Kysely<DB>, table: T, rows: readonly object[], batch = 500): Promise<void> {
  const perTransaction = batch * 20;
  for (let start = 0; start < rows.length; start += perTransaction) {
    const slice = rows.slice(start, start + perTransaction);
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < slice.length; i += batch) {
        await trx
          .insertInto(table)
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          .values(slice.slice(i, i + batch) as any)
          .execute();
      }
    });
  }
}
