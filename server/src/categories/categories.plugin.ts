import {
  categoriesResponse,
  categoryOptionsResponse,
  messageResponse,
  recommendedCategoriesBody,
  recommendedCategoriesResponse,
  resetCategoriesBody,
  selectCategoryBody,
  selectCategoryResponse,
  userCategoriesBody,
  userCategoriesResponse,
} from '@inkwell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../deps.ts';
import { validationError } from '../lib/errors.ts';
import { viewer } from '../access/viewer.ts';
import * as repo from './categories.repository.ts';
import * as service from './categories.service.ts';

/**
 * Categories (topics): the list for everyone, and each reader's chosen ones, which shape 'For you'.
 * Small enough that the routes call the repository through these few lines of rules.
 */
export const categoriesPlugin: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db, guards }) => {
  const signedIn = { preValidation: guards.requireSession };
  const open = { preValidation: guards.optionalSession, config: { readOnly: true } };

  app.get('/categories', { schema: { response: { 200: categoriesResponse } } }, async () => ({ categories: await repo.listCategories(db) }));

  app.get('/category', { schema: { response: { 200: categoryOptionsResponse } } }, async () =>
    (await repo.listCategories(db)).map(({ id, name }) => ({ id, name })),
  );

  app.post('/user-categories', { ...signedIn, config: { readOnly: true }, schema: { body: userCategoriesBody, response: { 200: userCategoriesResponse } } }, async (request) =>
    repo.listUserCategories(db, request.auth!.userId),
  );

  app.post(
    '/selected-category',
    { ...signedIn, schema: { body: selectCategoryBody, response: { 200: selectCategoryResponse } } },
    async (request) => {
      const { category_id, status } = request.body;
      if (!(await repo.categoryExists(db, category_id))) throw validationError({ category_id: ['The selected category id is invalid.'] });
      await service.chooseCategory(db, request.auth!.userId, category_id, status === 'active');
      return { message: status === 'active' ? 'Category added to your topics.' : 'Category removed from your topics.', status };
    },
  );

  app.post('/reset-categories', { ...signedIn, schema: { body: resetCategoriesBody, response: { 200: messageResponse } } }, async (request) => {
    await service.resetCategories(db, request.auth!.userId);
    return { message: 'Your recommendations have been reset.' };
  });

  app.post(
    '/recommended-categories',
    { ...open, schema: { body: recommendedCategoriesBody, response: { 200: recommendedCategoriesResponse } } },
    async (request) => ({ recommended_categories: await service.recommendedCategories(db, viewer(request, request.body.user_id)) }),
  );
};
