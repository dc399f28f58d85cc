import { useEffect, useId, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { LoaderCircle, Search } from 'lucide-react';
import { DEFAULT_POST_IMAGE, SEARCH_DEBOUNCE_MS, TEXT, paths } from '@inkwell/contract';
import { Avatar } from '../../../components/Avatar';
import { useClickOutside } from '../../../components/use-click-outside';
import { storageUrl } from '../../../lib/media';
import { useSearch } from '../api/search';
import { useDebounced } from './use-debounced';

export interface SuggestionsProps {
  text: string;
  /** Whether the list shows (the box is in use and holds text). */
  open: boolean;
  /** The chosen suggestion's place, -1 for none. */
  active: number;
  /** The list's id; each suggestion's is `${panelId}-${place}`. */
  panelId: string;
  rootRef: RefObject<HTMLDivElement | null>;
  /** Filled here for the box: the suggestions' addresses in order (none while the list is closed). */
  shown: { current: string[] };
  onClose: () => void;
}

function ResultGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <div id={id} className="px-2 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
        {label}
      </div>
      {children}
    </div>
  );
}

const rowClass =
  'flex items-center gap-3 rounded-lg px-2 py-2 text-sm text-zinc-800 outline-none hover:bg-zinc-100 aria-selected:bg-zinc-100 aria-selected:ring-2 aria-selected:ring-indigo-600 dark:text-zinc-200 dark:hover:bg-zinc-800 dark:aria-selected:bg-zinc-800';

/**
 * SPEC §2 Search: people (avatar, name) and posts (image, title) for what is typed, asked 1 s after
 * typing stops (SEARCH_DEBOUNCE_MS), under the box as a listbox, and last 'All results for …' (the
 * results page). Failures show as no results (SPEC §8).
 */
export function SearchSuggestions({ text, open, active, panelId, rootRef, shown, onClose }: SuggestionsProps) {
  const typed = text.trim();
  // From nothing: this code may arrive after the first letters were typed.
  const query = useDebounced(typed, SEARCH_DEBOUNCE_MS, '');
  const results = useSearch(query);
  useClickOutside(rootRef, open, onClose);
  // The chosen suggestion stays in sight as the arrows move.
  useEffect(() => {
    if (active >= 0) document.getElementById(`${panelId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, panelId]);

  const users = results.data?.users ?? [];
  const posts = results.data?.posts ?? [];
  const searching = (typed !== query || results.isFetching) && users.length + posts.length === 0;
  const hrefs = searching ? [] : [...users.map((u) => paths.viewProfile.getHref(u.id)), ...posts.map((p) => paths.viewPost.getHref(p.id)), paths.search.getHref(typed)];
  shown.current = open ? hrefs : [];
  if (!open) return null;
  const option = (i: number) => ({ id: `${panelId}-${i}`, role: 'option', 'aria-selected': i === active, tabIndex: -1, onClick: onClose, className: rowClass });

  return (
    <div className="absolute left-0 top-full z-40 mt-2 max-h-[70vh] w-full overflow-y-auto rounded-2xl border border-zinc-200 bg-white p-2 shadow-xl md:w-96 dark:border-zinc-800 dark:bg-zinc-900">
      {searching ? (
        <p role="status" className="flex items-center gap-2 px-2 py-3 text-sm text-zinc-600 dark:text-zinc-400">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          Searching…
        </p>
      ) : (
        users.length + posts.length === 0 && (
          <p role="status" className="px-2 py-3 text-sm text-zinc-600 dark:text-zinc-400">
            No people or posts match “{query}”.
          </p>
        )
      )}
      <div id={panelId} role="listbox" aria-label="Search results" aria-busy={searching || results.isFetching}>
        {!searching && (
          <>
            {users.length > 0 && (
              <ResultGroup label="People">
                {users.map((user, i) => (
                  <Link key={user.id} to={hrefs[i]!} {...option(i)}>
                    <Avatar src={user.profile_picture} size={28} />
                    <span className="truncate font-medium">{user.name?.trim() || TEXT.anonymous}</span>
                  </Link>
                ))}
              </ResultGroup>
            )}
            {posts.length > 0 && (
              <ResultGroup label="Posts">
                {posts.map((post, i) => (
                  <Link key={post.id} to={hrefs[users.length + i]!} {...option(users.length + i)}>
                    <img
                      src={storageUrl(post.image, DEFAULT_POST_IMAGE)}
                      alt=""
                      width={48}
                      height={32}
                      onError={(event) => {
                        if (!event.currentTarget.src.endsWith(DEFAULT_POST_IMAGE)) event.currentTarget.src = DEFAULT_POST_IMAGE;
                      }}
                      className="h-8 w-12 shrink-0 rounded-md bg-zinc-200 object-cover dark:bg-zinc-800"
                    />
                    <span className="line-clamp-2 font-medium">{post.title.trim() || TEXT.titleMissing}</span>
                  </Link>
                ))}
              </ResultGroup>
            )}
            <Link to={hrefs[hrefs.length - 1]!} {...option(hrefs.length - 1)} className={`${rowClass} mt-1 font-medium text-indigo-700 dark:text-indigo-300`}>
              <Search aria-hidden="true" className="size-4 shrink-0" />
              <span className="truncate">All results for “{typed}”</span>
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
