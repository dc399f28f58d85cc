import type { FastifyPluginAsync } from 'fastify';
import type { FeatureDeps } from '../deps.ts';
import { validationError } from '../lib/errors.ts';
import { route } from '../plugins/endpoint.ts';
import { viewer } from '../access/viewer.ts';
import * as repo from './categories.repository.ts';
import * as service from './categories.service.ts';

/**
 * Categories (topics): the list for everyone, and each reader's chosen ones, which shape 'For you'.
 * Small enough that the routes call the repository through these few lines of rules.
 */
export const categoriesPlugin: FastifyPluginAsync<FeatureDeps> = async (app, { db, feedCache }) => {
  // The list every rendered page asks for (the menu of topics), kept as the feed pages are: dropped
  // by any write (a topic's followers count moves with a reader's choice).
  const kept = feedCache.sibling<Awaited<ReturnType<typeof repo.listCategories>>>(1);
  const categories = () => kept.remember('all', () => repo.listCategories(db));

  route(app, 'categories', async () => ({ categories: await categories() }));

  route(app, 'categoryOptions', async () => (await categories()).map(({ id, name }) => ({ id, name })));

  route(app, 'userCategories', async (request) => repo.listUserCategories(db, request.auth!.userId));

  route(app, 'selectedCategory', async (request) => {
    const { category_id, status } = request.body;
    if (!(await repo.categoryExists(db, category_id))) throw validationError({ category_id: ['The selected category id is invalid.'] });
    await service.chooseCategory(db, request.auth!.userId, category_id, status === 'active');
    return { message: status === 'active' ? 'Category added to your topics.' : 'Category removed from your topics.', status };
  });

  route(app, 'resetCategories', async (request) => {
    await service.resetCategories(db, request.auth!.userId);
    return { message: 'Your recommendations have been reset.' };
  });

  route(app, 'recommendedCategories', async (request) => ({
    recommended_categories: await service.recommendedCategories(db, viewer(request, request.body.user_id)),
  }));
};
