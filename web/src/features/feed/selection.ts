import type { QueryClient } from '@tanstack/react-query';
import { decodeId, type FeedTab } from '@inkwell/contract';
import { forYouPostsQueryOptions } from '../../api/view-posts';
import { categoryPostsQueryOptions } from './api/category-posts';
import { followingPostsQueryOptions } from './api/following-posts';

export interface Selection {
  tab: FeedTab;
  categoryId: number | null;
}

/**
 * The tab in the address: ?tab=foryou|following|catogery (&category=<encoded id>); 'For you' otherwise.
 * Following is a signed-in reader's. ?tab=fediverse named the tab of the stories of accounts followed
 * elsewhere, which are in Following now: an old link or bookmark lands there.
 */
export function readSelection(params: URLSearchParams, signedIn: boolean): Selection {
  const tab = params.get('tab');
  if ((tab === 'following' || tab === 'fediverse') && signedIn) return { tab: 'following', categoryId: null };
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
export function loadSelected(client: QueryClient, params: URLSearchParams, viewerId: string | undefined): Promise<unknown> {
  const selection = readSelection(params, viewerId !== undefined);
  if (selection.tab === 'following' && viewerId) return client.prefetchInfiniteQuery(followingPostsQueryOptions(viewerId));
  if (selection.tab === 'catogery') return client.prefetchInfiniteQuery(categoryPostsQueryOptions(selection.categoryId ?? 0, viewerId));
  return client.prefetchInfiniteQuery(forYouPostsQueryOptions(viewerId));
}
