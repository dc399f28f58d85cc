import { type SearchResponse, searchBody, searchResponse } from '@inkwell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../lib/deps';
import { perAddress } from '../lib/rate-limit';
import { createSearchRepository } from './search.repository';
import { createSearchService } from './search.service';

/**
 * POST /api/user/search {query}: people (by name or user name) and posts (by title words), for
 * visitors too. A query without letters or digits finds nothing; the web app sends it 1 s after
 * typing stops (SEARCH_DEBOUNCE_MS).
 */
export const searchPlugin: FastifyPluginAsyncZod<FeatureDeps> = async (app, { database, guards, config, feedCache, hiddenAuthors }) => {
  const search = createSearchService(createSearchRepository(database), feedCache.sibling(1), hiddenAuthors);
  app.post(
    '/search',
    {
      preValidation: guards.optionalSession,
      config: { readOnly: true, ...perAddress(config.rateLimits.search) },
      schema: { body: searchBody, response: { 200: searchResponse } },
    },
    async (request): Promise<SearchResponse> => search.search(request.body.query, request.auth?.userId ?? 0),
  );
};
