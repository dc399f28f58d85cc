import type { QueryClient } from '@tanstack/react-query';
import { decodeId, type FeedTab } from '@inkwell/contract';
import { clientConfigQueryOptions } from '../../api/client-config';
import { forYouPostsQueryOptions } from '../../api/view-posts';
import { categoryPostsQueryOptions } from './api/category-posts';
import { fediverseStoriesQueryOptions } from './api/fediverse-stories-query';
import { followingPostsQueryOptions } from './api/following-posts';

export interface Selection {
  /** 'fediverse' (issue 30): the stories of the accounts on other servers the reader follows. */
  tab: FeedTab | 'fediverse';
  categoryId: number | null;
}

/**
 * The tab in the address: ?tab=foryou|following|fediverse|catogery (&category=<encoded id>); 'For you'
 * otherwise. Following and Fediverse are a signed-in reader's, Fediverse only where the server federates.
 */
export function readSelection(params: URLSearchParams, signedIn: boolean, federates: boolean): Selection {
  const tab = params.get('tab');
  if (tab === 'following' && signedIn) return { tab: 'following', categoryId: null };
  if (tab === 'fediverse' && signedIn && federates) return { tab: 'fediverse', categoryId: null };
  if (tab === 'catogery') {
    const categoryId = decodeId(params.get('category') ?? '');
    if (categoryId !== null) return { tab: 'catogery', categoryId };
  }
  return { tab: 'foryou', categoryId: null };
}

export function tabKey(selection: Selection): string {
  return selection.tab === 'catogery' ? `c${selection.categoryId}` : selection.tab;
}

/**
 * The first page of the tab the address names, into the page's cache (the Home screen's `load`: the
 * server renders it whole). A member's page also needs whether the server federates (their strip of
 * tabs): asked beside the feed, and waited for first only when the address names the Fediverse tab.
 */
export async function loadSelected(client: QueryClient, params: URLSearchParams, viewerId: string | undefined): Promise<unknown> {
  const config = viewerId ? client.fetchQuery(clientConfigQueryOptions()).catch(() => null) : Promise.resolve(null);
  const federates = readSelection(params, viewerId !== undefined, true).tab === 'fediverse' && (await config)?.federation === true;
  const selection = readSelection(params, viewerId !== undefined, federates);
  const feed =
    selection.tab === 'fediverse' && viewerId
      ? client.prefetchInfiniteQuery(fediverseStoriesQueryOptions(viewerId))
      : selection.tab === 'following' && viewerId
        ? client.prefetchInfiniteQuery(followingPostsQueryOptions(viewerId))
        : selection.tab === 'catogery'
          ? client.prefetchInfiniteQuery(categoryPostsQueryOptions(selection.categoryId ?? 0, viewerId))
          : client.prefetchInfiniteQuery(forYouPostsQueryOptions(viewerId));
  return Promise.all([feed, config]);
}
