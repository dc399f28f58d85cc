import { useId, useState, type ReactNode } from 'react';
import { ChevronDown, Compass } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { TEXT, encodeId } from '@inkwell/contract';
import { useSession } from '../../../lib/session';
import { useCategories } from '../../../api/categories';
import { useCategoryPosts, categoryPostsQueryOptions } from '../api/category-posts';
import { followingPostsQueryOptions, useFollowingPosts } from '../api/following-posts';
import { forYouPostsQueryOptions, useForYouPosts } from '../../../api/view-posts';
import { useUserCategories } from '../../../api/user-categories';
import { FeedTabs, type FeedTabItem } from './FeedTabs';
import { PostFeedList, type RenderPost } from '../../../components/PostFeedList';
import { useForYouTuning } from './use-for-you-tuning';
import { HydrateLater } from '../../../ssr/hydrate-later';
import { type Selection, readSelection, tabKey } from '../selection';

interface HomeFeedProps {
  renderPost: RenderPost;
  /** Shown above the strip (the ?message= banner, the welcome step); its space goes when they render nothing. */
  banner?: ReactNode;
  /**
   * The side panels of SPEC §1 (home/components/SidePanels): a second column on wide screens; on
   * phones and tablets a disclosure above the feed opens them.
   */
  aside?: ReactNode;
}

/** SPEC §2 Home feed: the strip of tabs over one infinite list; switching a tab reloads from page one. */
export function HomeFeed({ renderPost, banner, aside }: HomeFeedProps) {
  const session = useSession();
  const viewerId = session?.id;
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const panelId = useId();
  const asideId = useId();
  const [panelsOpen, setPanelsOpen] = useState(false);
  const selection = readSelection(params, Boolean(session));

  const forYou = useForYouPosts(viewerId, selection.tab === 'foryou');
  const following = useFollowingPosts(viewerId, selection.tab === 'following');
  const category = useCategoryPosts(selection.categoryId ?? 0, viewerId, selection.tab === 'catogery');
  const active = selection.tab === 'following' ? following : selection.tab === 'catogery' ? category : forYou;
  // For you's cards say why they are there and can be tuned (issue 13); the other tabs' cards cannot.
  const tuning = useForYouTuning(viewerId);
  const render: RenderPost = selection.tab === 'foryou' ? (post, index) => renderPost(post, index, tuning.extras(post)) : renderPost;

  const categories = useCategories();
  const chosen = useUserCategories(viewerId);
  const all = categories.data ?? [];
  const mine = chosen.data?.length ? all.filter((item) => chosen.data.includes(item.id)) : all;
  const shown =
    selection.categoryId !== null && !mine.some((item) => item.id === selection.categoryId) ? [...mine, ...all.filter((item) => item.id === selection.categoryId)] : mine;

  const tabs: FeedTabItem[] = [
    { key: 'foryou', label: 'For you' },
    ...(session ? [{ key: 'following', label: 'Following' }] : []),
    ...shown.map((item) => ({ key: `c${item.id}`, label: item.name })),
  ];

  const select = (key: string) => {
    const next: Selection = key === 'foryou' || key === 'following' ? { tab: key, categoryId: null } : { tab: 'catogery', categoryId: Number(key.slice(1)) };
    // SPEC §4 Feed tab: the list is cleared and loads again from the first page.
    const queryKey =
      next.tab === 'foryou'
        ? forYouPostsQueryOptions(viewerId).queryKey
        : next.tab === 'following'
          ? followingPostsQueryOptions(viewerId ?? '0').queryKey
          : categoryPostsQueryOptions(next.categoryId ?? 0, viewerId).queryKey;
    void queryClient.resetQueries({ queryKey, exact: true });
    const search = new URLSearchParams(params);
    search.set('tab', next.tab);
    if (next.categoryId !== null) search.set('category', encodeId(next.categoryId));
    else search.delete('category');
    setParams(search, { replace: true, preventScrollReset: true });
  };

  return (
    <div
      className={`mx-auto w-full px-4 pb-16 pt-4 sm:px-6 sm:pt-8 ${aside ? 'flex max-w-6xl flex-col lg:grid lg:grid-cols-[minmax(0,680px)_1fr] lg:grid-rows-[auto_1fr] lg:gap-x-16' : 'max-w-[728px]'}`}
    >
      {/*
        Phones: the banner, the panels' disclosure, the feed, in the order of the HTML (a page painted
        while it still arrives never moves the feed down). Wide screens: banner and feed left, panels right.
      */}
      {banner && <div className="order-first mb-6 space-y-4 empty:hidden lg:order-none lg:col-start-1 lg:row-start-1">{banner}</div>}
      {aside && (
        <aside aria-label="Discover" className="mb-3 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:mb-0">
          <button
            type="button"
            aria-expanded={panelsOpen}
            aria-controls={asideId}
            onClick={() => setPanelsOpen((open) => !open)}
            className="flex w-full items-center gap-3 rounded-xl border border-zinc-200 px-4 py-3 text-left text-sm font-medium text-zinc-800 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 lg:hidden dark:border-zinc-800 dark:text-zinc-200 dark:hover:bg-zinc-900"
          >
            <Compass aria-hidden="true" className="size-5 shrink-0 text-indigo-700 dark:text-indigo-300" />
            <span className="flex-1">Topics, picks and people to follow</span>
            <ChevronDown aria-hidden="true" className={`size-4 shrink-0 transition-transform ${panelsOpen ? 'rotate-180' : ''}`} />
          </button>
          <HydrateLater id={asideId} data-testid="side-panels" className={`${panelsOpen ? 'mt-5 block' : 'hidden'} lg:mt-0 lg:block`}>
            {aside}
          </HydrateLater>
        </aside>
      )}
      <div className="min-w-0 lg:col-start-1 lg:row-start-2">
        <h1 className="sr-only">Home</h1>
        <FeedTabs tabs={tabs} selected={tabKey(selection)} onSelect={select} controls={panelId} />
        <div id={panelId} role="tabpanel" aria-labelledby={`feed-tab-${tabKey(selection)}`}>
          <PostFeedList key={tabKey(selection)} query={active} renderPost={render} emptyText={TEXT.noPosts} label="Posts" />
        </div>
      </div>
      {tuning.notice}
    </div>
  );
}
