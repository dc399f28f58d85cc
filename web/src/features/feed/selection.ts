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

/** The first page of the tab the address names, into the page's cache (the Home screen's `load`: the server renders it whole). */
export async function loadSelected(client: QueryClient, params: URLSearchParams, viewerId: string | undefined): Promise<unknown> {
  // Whether the server federates decides a member's strip of tabs (and whether ?tab=fediverse is one).
  const federates = viewerId ? (await client.fetchQuery(clientConfigQueryOptions()).catch(() => null))?.federation === true : false;
  const selection = readSelection(params, viewerId !== undefined, federates);
  if (selection.tab === 'fediverse' && viewerId) return client.prefetchInfiniteQuery(fediverseStoriesQueryOptions(viewerId));
  if (selection.tab === 'following' && viewerId) return client.prefetchInfiniteQuery(followingPostsQueryOptions(viewerId));
  if (selection.tab === 'catogery') return client.prefetchInfiniteQuery(categoryPostsQueryOptions(selection.categoryId ?? 0, viewerId));
  return client.prefetchInfiniteQuery(forYouPostsQueryOptions(viewerId));
}
