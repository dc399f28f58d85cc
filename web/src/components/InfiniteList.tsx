import { useEffect, useRef, type ReactNode } from 'react';
import { SENTINEL_THRESHOLD } from '@inkwell/contract';
import { HydrateLater } from '../ssr/hydrate-later';
import { PostCardSkeleton } from './PostCardSkeleton';

interface SentinelProps {
  onVisible: () => void;
  disabled?: boolean;
}

/**
 * Fully visible, as SPEC §9's threshold 1 means. The observer calls back when a threshold is crossed,
 * but browsers differ in what they report then: Firefox sets isIntersecting at any overlap, so the ratio
 * decides. A hair below 1 still counts: at fractional zoom or scroll positions Chromium reports
 * 0.99… for an element whose every pixel shows.
 */
export function isFullyVisible(entry: Pick<IntersectionObserverEntry, 'isIntersecting' | 'intersectionRatio'>): boolean {
  return entry.isIntersecting && entry.intersectionRatio >= SENTINEL_THRESHOLD - 0.01;
}

/** SPEC §2/§9: a 50 px element at the bottom; fully visible (threshold 1) asks for the next page. */
export function Sentinel({ onVisible, disabled = false }: SentinelProps) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });

  useEffect(() => {
    const element = ref.current;
    if (!element || disabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some(isFullyVisible)) callback.current();
      },
      { threshold: SENTINEL_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [disabled]);

  return <div ref={ref} data-testid="sentinel" aria-hidden="true" className="h-[50px]" /* SENTINEL_HEIGHT_PX, as a class: no inline style */ />;
}

interface InfiniteListProps<T> {
  items: T[];
  getKey: (item: T) => string | number;
  /** One item; index is its place in the whole list (0: the first, shown first on the page). */
  renderItem: (item: T, index: number) => ReactNode;
  isLoading: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  emptyText: string;
  label: string;
  /** What stands in for a row while rows come (a post card's skeleton unless told). */
  skeleton?: ReactNode;
}

/**
 * A list that grows as the reader scrolls: skeletons while the first page comes, the sentinel while
 * there is a next page (none once next_page_url is null), and the empty text when nothing came.
 */
export function InfiniteList<T>({
  items,
  getKey,
  renderItem,
  isLoading,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  emptyText,
  label,
  skeleton = <PostCardSkeleton />,
}: InfiniteListProps<T>) {
  if (isLoading) {
    return (
      // role=status: a name (aria-label) is not allowed on a div without a role (axe: aria-prohibited-attr).
      <div role="status" aria-busy="true" aria-label={`Loading ${label}`}>
        {skeleton}
        {skeleton}
        {skeleton}
      </div>
    );
  }
  if (items.length === 0) {
    return <p className="py-16 text-center font-serif text-lg text-zinc-600 dark:text-zinc-400">{emptyText}</p>;
  }
  return (
    <div aria-busy={isFetchingNextPage || undefined}>
      <ul aria-label={label}>
        {items.map((item, index) => (
          <HydrateLater as="li" key={getKey(item)}>
            {renderItem(item, index)}
          </HydrateLater>
        ))}
      </ul>
      {isFetchingNextPage && skeleton}
      {hasNextPage && <Sentinel onVisible={fetchNextPage} disabled={isFetchingNextPage} />}
    </div>
  );
}
