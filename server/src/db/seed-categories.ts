import type { Kysely } from 'kysely';
import { nowIso } from './database.ts';
import type { DB } from './schema.ts';

/** The topics readers choose from (Manage Recommendation) and writers file posts under. */
export const CATEGORIES: ReadonlyArray<{ name: string; slug: string; description: string }> = [
  { name: 'Technology', slug: 'technology', description: 'Software, hardware and the people who build them: how things work and where they are heading.' },
  { name: 'Programming', slug: 'programming', description: 'Code, languages, tools and the craft of writing software that lasts.' },
  { name: 'Science', slug: 'science', description: 'Discoveries, experiments and the questions researchers are asking right now.' },
  { name: 'Health', slug: 'health', description: 'Body and mind: medicine, fitness, nutrition and living well, backed by evidence.' },
  { name: 'Business', slug: 'business', description: 'Companies, markets, strategy and the stories of people who start and run them.' },
  { name: 'Design', slug: 'design', description: 'Interfaces, type, colour and the thinking that makes things clear and beautiful.' },
  { name: 'Culture', slug: 'culture', description: 'Books, film, music, art and the ideas that shape how we live together.' },
  { name: 'Politics', slug: 'politics', description: 'Policy, power and public life, argued in good faith from many sides.' },
  { name: 'Travel', slug: 'travel', description: 'Places near and far, the journeys between them and what they teach us.' },
  { name: 'Food', slug: 'food', description: 'Recipes, kitchens, restaurants and the history on our plates.' },
  { name: 'Personal Growth', slug: 'personal-growth', description: 'Habits, careers, learning and the slow work of becoming who you want to be.' },
  { name: 'Climate', slug: 'climate', description: 'Energy, nature and the changing planet: the science and the solutions.' },
  { name: 'Education', slug: 'education', description: 'Teaching, learning and schools, from the first classroom to lifelong study.' },
  { name: 'Sports', slug: 'sports', description: 'Games, athletes and the drama of competition, on the field and behind it.' },
];

/** Inserts the categories that are missing; running it again changes nothing. */
export async function seedCategories(db: Kysely<DB>): Promise<void> {
  const created_at = nowIso();
  await db
    .insertInto('categories')
    .values(CATEGORIES.map((c) => ({ ...c, created_at })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}
