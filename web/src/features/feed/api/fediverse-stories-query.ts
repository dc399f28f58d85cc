import { infiniteQueryOptions } from '@tanstack/react-query';
import type { FediverseStoriesPage } from '@inkwell/contract';
import * as endpoints from '@inkwell/contract/calls';
import { api } from '../../../lib/api-client';

/**
 * POST /api/user/fediverse-following/stories {user_id, cursor?}: stories of the accounts elsewhere the
 * member follows, newest first. Apart from the tab's hooks: the Home screen's `load` asks for it when
 * the address names the tab, without bringing their code into the page's first load.
 */
export const fediverseStoriesQueryOptions = (viewerId: string) =>
  infiniteQueryOptions({
    queryKey: ['fediverse-stories', viewerId],
    queryFn: ({ pageParam, signal }): Promise<FediverseStoriesPage> =>
      api(endpoints.fediverseStories, { user_id: Number(viewerId), ...(pageParam === null ? {} : { cursor: pageParam }) }, { signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last: FediverseStoriesPage) => last.next_cursor ?? undefined,
    staleTime: 30_000,
  });
