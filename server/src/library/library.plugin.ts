import { actingFor } from '../access/policy.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { FeatureDeps } from '../deps.ts';
import { route } from '../plugins/endpoint.ts';
import { createHistoryRepository } from './history.repository.ts';
import { createHistoryService } from './history.service.ts';
import { createLibrarySearchRepository } from './library-search.repository.ts';
import { createLibrarySearchService } from './library-search.service.ts';

/**
 * A member's personal library (issue 13), under /api/user, every call signed in and on the caller's
 * own library only (the session guard refuses a body naming anyone else: 403):
 * - POST /history {user_id, cursor?}: whether the history is kept, and one page of it;
 * - POST /history/settings {user_id, enabled}, /history/remove {user_id, post_id}, /history/clear {user_id};
 * - POST /history/add {user_id, post_id}: the post page's "opened" (204; RATE_LIMIT_HISTORY per address);
 * - POST /library/search {user_id, query, scope?, cursor?}: saved, read and written stories (RATE_LIMIT_SEARCH).
 * Reads and the post page's add leave the shared caches alone (readOnly): nothing another reader sees
 * changes. The other changes drop them as every write does, so a rendered page of the member's own
 * library is not served stale.
 */
export const libraryPlugin: FastifyPluginAsync<FeatureDeps> = async (app, { db, database, hiddenAuthors }) => {
  const history = createHistoryService(createHistoryRepository(database, db), hiddenAuthors);
  const library = createLibrarySearchService(createLibrarySearchRepository(database), hiddenAuthors);

  route(app, 'history', async (request) => history.list(actingFor(request.auth!), request.body.cursor ?? null));

  route(app, 'historyAdd', async (request, reply) => {
    await history.add(actingFor(request.auth!), request.body.post_id);
    return reply.code(204).send();
  });

  route(app, 'historySettings', async (request) => history.setEnabled(actingFor(request.auth!), request.body.enabled === 1));

  route(app, 'historyRemove', async (request) => history.remove(actingFor(request.auth!), request.body.post_id));

  route(app, 'historyClear', async (request) => history.clear(actingFor(request.auth!)));

  route(app, 'librarySearch', async (request) => {
    const { query, scope, cursor } = request.body;
    return library.search(actingFor(request.auth!), query, scope, cursor ?? null);
  });
};
