import { RECOMMENDED_TOPICS_MAX, type RecommendedCategory } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import * as repo from './categories.repository.ts';

/** How much each kind of recent reading counts towards a topic. */
const WEIGHTS = { liked: 3, saved: 2, followed: 1 } as const;

/**
 * Choosing and unchoosing topics, each in one transaction with its topic's followers_count, so under
 * concurrent identical calls the count always equals the rows (a second choice inserts nothing and
 * counts nothing).
 */
export function chooseCategory(db: Kysely<DB>, userId: number, categoryId: number, chosen: boolean): Promise<boolean> {
  return db.transaction().execute((trx) => (chosen ? repo.selectCategory(trx, userId, categoryId) : repo.unselectCategory(trx, userId, categoryId)));
}

export function resetCategories(db: Kysely<DB>, userId: number): Promise<void> {
  return db.transaction().execute((trx) => repo.clearUserCategories(trx, userId));
}

/**
 * 'Recommended topics' for `viewer` (0 for a visitor): the topics they do not follow, ranked by what
 * their recent likes, saves and followed authors' posts say of each (WEIGHTS), then by how many follow
 * the topic, then by name. A visitor, or a member with no such reading, gets the most followed.
 */
export async function recommendedCategories(db: Kysely<DB>, viewer: number): Promise<RecommendedCategory[]> {
  const [all, chosen, signals] = await Promise.all([
    repo.listCategories(db),
    viewer ? repo.listUserCategories(db, viewer) : Promise.resolve([]),
    viewer ? repo.topicSignals(db, viewer) : Promise.resolve([]),
  ]);
  const followed = new Set(chosen.map((c) => c.category_id));
  const score = new Map(signals.map((s) => [s.category_id, s.liked * WEIGHTS.liked + s.saved * WEIGHTS.saved + s.followed * WEIGHTS.followed]));
  return all
    .filter((c) => !followed.has(c.id))
    .sort((a, b) => (score.get(b.id) ?? 0) - (score.get(a.id) ?? 0) || b.followers_count - a.followers_count || a.name.localeCompare(b.name))
    .slice(0, RECOMMENDED_TOPICS_MAX)
    .map(({ id, name, followers_count }) => ({ id, name, followers_count }));
}
