import { z } from 'zod';
import { idField } from './common.ts';

/** POST /api/user/user-categories {user_id}: the caller's chosen categories as [{category_id}]. */
export const userCategoriesBody = z.object({ user_id: idField('user id') });
export const userCategoriesResponse = z.array(z.object({ category_id: z.number() }));

/** POST /api/user/selected-category {user_id, status active|inactive, category_id}: one checkbox toggled. */
export const selectCategoryBody = z.object({
  user_id: idField('user id'),
  category_id: idField('category id'),
  status: z.enum(['active', 'inactive'], { error: 'The status must be active or inactive.' }),
});
export const selectCategoryResponse = z.object({ message: z.string(), status: z.enum(['active', 'inactive']) });

/** POST /api/user/reset-categories {user_id}: clears every selection. */
export const resetCategoriesBody = z.object({ user_id: idField('user id') });

/** How many topics the home page's 'Recommended topics' shows. */
export const RECOMMENDED_TOPICS_MAX = 8;

/**
 * POST /api/user/recommended-categories {user_id?}: 'Recommended topics', open. A member gets topics
 * they do not follow yet, first those of what they recently liked, saved, or read from people they
 * follow, then the most followed; a visitor the most followed topics.
 */
export const recommendedCategoriesBody = z.object({
  user_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), idField('user id').optional()),
});
export const recommendedCategory = z.object({ id: z.number(), name: z.string(), followers_count: z.number() });
export type RecommendedCategory = z.infer<typeof recommendedCategory>;
export const recommendedCategoriesResponse = z.object({ recommended_categories: z.array(recommendedCategory) });
