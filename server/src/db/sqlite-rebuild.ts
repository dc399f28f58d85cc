import { type Kysely, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * SQLite's documented way to change what ALTER TABLE cannot (a NOT NULL, a key): `table` copied into
 * `${table}_next` of the new shape (`create`, given that name) and put in its place, in one transaction
 * on the migration's one connection, with foreign keys off, or DROP TABLE would cascade through every
 * table that references it. `columns` are copied; `after` makes again what went with the old table
 * (indexes, triggers). AUTOINCREMENT's high-water mark is carried over, so a deleted row's id is never
 * handed out again, and PRAGMA foreign_key_check must find nothing before the commit. Used by frozen
 * migrations (0045, 0055): what it does must not change.
 */
export async function rebuildSqliteTable(
  db: AnyDb,
  table: string,
  parts: { create: (name: string) => string; columns: string; after: (run: (text: string) => Promise<unknown>) => Promise<void> },
): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run('PRAGMA foreign_keys = OFF');
  try {
    await run('BEGIN IMMEDIATE');
    try {
      const seq = await sql<{ seq: number }>`SELECT seq FROM sqlite_sequence WHERE name = ${table}`.execute(db);
      await run(parts.create(`${table}_next`));
      await run(`INSERT INTO ${table}_next (${parts.columns}) SELECT ${parts.columns} FROM ${table}`);
      await run(`DROP TABLE ${table}`);
      await run(`ALTER TABLE ${table}_next RENAME TO ${table}`);
      await parts.after(run);
      const highWater = seq.rows[0]?.seq ?? 0;
      await sql`UPDATE sqlite_sequence SET seq = max(seq, ${highWater}) WHERE name = ${table}`.execute(db);
      const broken = await sql`PRAGMA foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error(`${table} rebuild: ${broken.rows.length} rows would lose their parent: ${JSON.stringify(broken.rows.slice(0, 3))}`);
      await run('COMMIT');
    } catch (err) {
      await run('ROLLBACK');
      throw err;
    }
  } finally {
    await run('PRAGMA foreign_keys = ON');
  }
}
