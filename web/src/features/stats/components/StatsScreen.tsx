import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChartColumn, PenLine } from 'lucide-react';
import { STATS_DEFAULT_DAYS, decodeId, encodeId, paths, type StatsPeriod } from '@inkwell/contract';
import { buttonStyles } from '../../../components/Button';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { LoadFailed } from '../../../components/LoadFailed';
import { useStats } from '../api/get-stats';
import { periodOf } from '../lib/format';
import { PeriodChoice } from './PeriodChoice';
import { StatsSummary } from './StatsSummary';
import { StatsTable } from './StatsTable';

function Skeleton() {
  return (
    <div aria-busy="true" aria-label="Loading your numbers" className="mt-6 animate-pulse">
      <div className="grid grid-cols-3 gap-2 sm:gap-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-[5.5rem] rounded-xl bg-zinc-100 dark:bg-zinc-900" />
        ))}
      </div>
      <div className="mt-10 space-y-5">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-6 w-2/3 rounded bg-zinc-200 dark:bg-zinc-800" />
        ))}
      </div>
    </div>
  );
}

function NoStories() {
  return (
    <div data-testid="stats-empty" className="mt-6 flex flex-col items-center border-t border-zinc-200 px-4 py-14 text-center dark:border-zinc-800">
      <ChartColumn aria-hidden="true" className="size-8 text-zinc-400 dark:text-zinc-500" />
      <h2 className="mt-3 font-serif text-2xl font-bold text-zinc-900 dark:text-zinc-50">No stories yet</h2>
      <p className="mt-2 max-w-sm text-base text-zinc-600 dark:text-zinc-400">Once you publish a story, its views, reads, likes, saves and comments show here.</p>
      <Link to={paths.createPost.getHref()} className={`${buttonStyles.primary} mt-6`}>
        <PenLine aria-hidden="true" className="size-4" />
        Write a story
      </Link>
    </div>
  );
}

/**
 * /stats: the writer's numbers over 7, 30 or 90 days (`?days=`): the sums, then each story with its
 * numbers; a story's title opens its chart (`?post=`, as the Library's Stats links open it).
 */
export function StatsScreen({ userId }: { userId: string }) {
  const [params, setParams] = useSearchParams();
  const days = periodOf(params.get('days'));
  const open = decodeId(params.get('post') ?? '');
  const stats = useStats(userId, days);
  const change = (next: { days?: StatsPeriod; post?: number | null }) => {
    const post = next.post === undefined ? open : next.post;
    const period = next.days ?? days;
    setParams({ ...(period !== STATS_DEFAULT_DAYS ? { days: String(period) } : {}), ...(post !== null ? { post: encodeId(post) } : {}) }, { replace: true });
  };

  // A link to one story's numbers scrolls to it once the list is there.
  const scrolled = useRef(false);
  const listed = Boolean(stats.data?.posts.some((post) => post.id === open));
  useEffect(() => {
    if (!listed || scrolled.current) return;
    scrolled.current = true;
    document.getElementById(`stats-post-${open}`)?.scrollIntoView?.({ block: 'start' });
  }, [listed, open]);

  return (
    <>
      <DocumentTitle title="Stats" />
      <section className="mx-auto w-full max-w-[728px] px-4 pb-16 pt-8 sm:px-6 sm:pt-12">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h1 className="font-serif text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-50">Stats</h1>
          <PeriodChoice value={days} onChange={(next) => change({ days: next })} />
        </div>
        <p className="mt-2 text-base text-zinc-600 dark:text-zinc-400">
          Each reader’s view counts once a day, without cookies; a read is a reader reaching the end of the story.{' '}
          <Link to={paths.subscribers.getHref()} className={buttonStyles.link}>
            Your email subscribers
          </Link>
        </p>
        {stats.isPending ? (
          <Skeleton />
        ) : stats.isError ? (
          <LoadFailed what="Your numbers" onRetry={() => void stats.refetch()} />
        ) : stats.data.posts.length === 0 ? (
          <NoStories />
        ) : (
          <div aria-busy={stats.isPlaceholderData || undefined} className={stats.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <StatsSummary totals={stats.data.totals} />
            <StatsTable userId={userId} days={days} posts={stats.data.posts} open={listed ? open : null} onOpen={(post) => change({ post })} />
          </div>
        )}
      </section>
    </>
  );
}
