import { z } from 'zod';
import { idField } from './common';

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
