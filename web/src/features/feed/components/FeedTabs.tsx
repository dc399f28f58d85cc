import { useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { paths } from '@inkwell/contract';

export interface FeedTabItem {
  key: string;
  label: string;
}

interface FeedTabsProps {
  tabs: FeedTabItem[];
  selected: string;
  onSelect: (key: string) => void;
  controls: string;
}

/**
 * SPEC §2 Home: the strip with the plus icon (to /recommendation), then 'For you', 'Following' and the
 * categories. A tab list: arrows move between tabs, Enter or Space (or a click) selects.
 */
export function FeedTabs({ tabs, selected, onSelect, controls }: FeedTabsProps) {
  const listRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (index < 0) return;
    const go = (next: number) => {
      event.preventDefault();
      const target = items[(next + items.length) % items.length];
      target?.focus();
      target?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    };
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(items.length - 1);
  };

  return (
    <div className="sticky top-0 z-20 -mx-4 flex items-center gap-1 border-b border-zinc-200 bg-white/95 px-4 backdrop-blur sm:mx-0 sm:px-0 dark:border-zinc-800 dark:bg-zinc-950/95">
      <Link
        to={paths.recommendation.getHref()}
        aria-label="Manage recommended topics"
        title="Manage recommended topics"
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
      >
        <Plus aria-hidden="true" className="size-5" />
      </Link>
      <div
        ref={listRef}
        role="tablist"
        aria-label="Feeds"
        onKeyDown={onKeyDown}
        className="flex min-w-0 flex-1 gap-1 overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {tabs.map((tab) => {
          const active = tab.key === selected;
          return (
            <button
              key={tab.key}
              type="button"
              role="tab"
              id={`feed-tab-${tab.key}`}
              aria-selected={active}
              aria-controls={controls}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.key)}
              className={`shrink-0 whitespace-nowrap border-b-2 px-3 py-3.5 text-sm transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 ${
                active
                  ? 'border-zinc-900 font-semibold text-zinc-900 dark:border-zinc-100 dark:text-zinc-50'
                  : 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
