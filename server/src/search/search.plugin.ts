import type { SearchResponse, SearchResultsResponse } from '@inkwell/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { FeatureDeps } from '../deps.ts';
import { route } from '../plugins/endpoint.ts';
import { createResultsRepository } from './results.repository.ts';
import { createResultsService } from './results.service.ts';
import { createSearchRepository } from './search.repository.ts';
import { createSearchService } from './search.service.ts';

/**
 * POST /api/user/search {query}: people (by name or user name) and posts (by title words), for
 * visitors too. A query without letters or digits finds nothing; the web app sends it 1 s after
 * typing stops (SEARCH_DEBOUNCE_MS).
 * POST /api/user/search/results {query, type, cursor?} (issue 13): the results page, one page of posts,
 * people or topics; open to visitors, rate-limited per address as search is (each has its own count).
 */
export const searchPlugin: FastifyPluginAsync<FeatureDeps> = async (app, { database, feedCache, hiddenAuthors }) => {
  const search = createSearchService(createSearchRepository(database), feedCache.sibling(1), hiddenAuthors);
  route(app, 'search', async (request): Promise<SearchResponse> => search.search(request.body.query, request.auth?.userId ?? 0));

  const results = createResultsService(createResultsRepository(database), feedCache.sibling(4), hiddenAuthors);
  route(app, 'searchResults', async (request): Promise<SearchResultsResponse> => {
    const { query, type, cursor } = request.body;
    return results.results(query, type, cursor ?? null, request.auth?.userId ?? 0);
  });
};
