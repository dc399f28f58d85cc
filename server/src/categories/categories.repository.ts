import type { Kysely } from 'kysely';
import { nowIso } from '../db/database';
import type { DB } from '../db/schema';

export function listCategories(db: Kysely<DB>) {
  return db.selectFrom('categories').select(['id', 'name', 'description']).orderBy('name').execute();
}

export async function categoryExists(db: Kysely<DB>, id: number): Promise<boolean> {
  return (await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export function listUserCategories(db: Kysely<DB>, userId: number) {
  return db.selectFrom('user_categories').select('category_id').where('user_id', '=', userId).orderBy('category_id').execute();
}

export async function selectCategory(db: Kysely<DB>, userId: number, categoryId: number): Promise<void> {
  await db
    .insertInto('user_categories')
    .values({ user_id: userId, category_id: categoryId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['user_id', 'category_id']).doNothing())
    .execute();
}

export async function unselectCategory(db: Kysely<DB>, userId: number, categoryId: number): Promise<void> {
  await db.deleteFrom('user_categories').where('user_id', '=', userId).where('category_id', '=', categoryId).execute();
}

export async function clearUserCategories(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('user_categories').where('user_id', '=', userId).execute();
}
