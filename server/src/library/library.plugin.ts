import {
  historyAddBody,
  historyBody,
  historyChangeResponse,
  historyClearBody,
  historyRemoveBody,
  historyResponse,
  historySettingsBody,
  historySettingsResponse,
  librarySearchBody,
  librarySearchResponse,
} from '@inkwell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../deps.ts';
import { perAddress } from '../rate-limit/rate-limit.ts';
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
export const libraryPlugin: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db, database, guards, config, hiddenAuthors }) => {
  const history = createHistoryService(createHistoryRepository(database, db), hiddenAuthors);
  const library = createLibrarySearchService(createLibrarySearchRepository(database), hiddenAuthors);
  const read = { preValidation: guards.requireSession, config: { readOnly: true } };
  const change = { preValidation: guards.requireSession };

  app.post('/history', { ...read, schema: { body: historyBody, response: { 200: historyResponse } } }, async (request) =>
    history.list(request.auth!.userId, request.body.cursor ?? null),
  );

  app.post(
    '/history/add',
    { preValidation: guards.requireSession, config: { readOnly: true, ...perAddress(config.rateLimits.history, 'history') }, schema: { body: historyAddBody } },
    async (request, reply) => {
      await history.add(request.auth!.userId, request.body.post_id);
      return reply.code(204).send();
    },
  );

  app.post('/history/settings', { ...change, schema: { body: historySettingsBody, response: { 200: historySettingsResponse } } }, async (request) =>
    history.setEnabled(request.auth!.userId, request.body.enabled === 1),
  );

  app.post('/history/remove', { ...change, schema: { body: historyRemoveBody, response: { 200: historyChangeResponse } } }, async (request) =>
    history.remove(request.auth!.userId, request.body.post_id),
  );

  app.post('/history/clear', { ...change, schema: { body: historyClearBody, response: { 200: historyChangeResponse } } }, async (request) =>
    history.clear(request.auth!.userId),
  );

  app.post(
    '/library/search',
    { preValidation: guards.requireSession, config: { readOnly: true, ...perAddress(config.rateLimits.search, 'search') }, schema: { body: librarySearchBody, response: { 200: librarySearchResponse } } },
    async (request) => {
      const { query, scope, cursor } = request.body;
      return library.search(request.auth!.userId, query, scope, cursor ?? null);
    },
  );
};
