import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LoaderCircle, Search } from 'lucide-react';
import { DEFAULT_POST_IMAGE, SEARCH_DEBOUNCE_MS, TEXT, paths } from '@inkwell/contract';
import { Avatar } from '../../../components/Avatar';
import { useClickOutside } from '../../../components/use-click-outside';
import { SEARCH_QUERY_MAX } from '../../../lib/limits';
import { storageUrl } from '../../../lib/media';
import { useSearch } from '../api/search';

export interface SearchBoxProps {
  className?: string;
  autoFocus?: boolean;
}

function ResultSection({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label}>
      <h2 className="px-2 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">{label}</h2>
      <ul>{children}</ul>
    </section>
  );
}

/** The text once typing has paused for `ms`. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const rowClass =
  'flex items-center gap-3 rounded-lg px-2 py-2 text-sm text-zinc-800 outline-none hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-indigo-600 dark:text-zinc-200 dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800';

/**
 * SPEC §2 Search: people (avatar, name) and posts (image, title) for what is typed, asked 1 s after
 * typing stops (SEARCH_DEBOUNCE_MS). Results open under the box; Escape, a click elsewhere or
 * following a result closes them. Failures show as no results (SPEC §8).
 */
export function SearchBox({ className = '', autoFocus = false }: SearchBoxProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const query = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const results = useSearch(query);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useClickOutside(rootRef, open, () => setOpen(false));

  const typing = text.trim() !== query;
  const showPanel = open && text.trim() !== '';
  const users = results.data?.users ?? [];
  const posts = results.data?.posts ?? [];
  const close = () => setOpen(false);

  return (
    <div
      ref={rootRef}
      className={`relative ${className}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <label className="relative block">
          <span className="sr-only">Search people and posts</span>
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-zinc-500" />
          <input
            type="search"
            autoFocus={autoFocus}
            value={text}
            maxLength={SEARCH_QUERY_MAX}
            aria-controls={showPanel ? panelId : undefined}
            aria-expanded={showPanel}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            placeholder="Search"
            className="w-full rounded-full border border-transparent bg-zinc-100 py-2 pl-9 pr-4 text-sm text-zinc-900 placeholder:text-zinc-500 focus:border-indigo-600 focus:bg-white focus:outline-2 focus:outline-indigo-600/30 md:w-64 dark:bg-zinc-900 dark:text-zinc-100 dark:focus:bg-zinc-950"
          />
        </label>
      </form>
      {showPanel && (
        <div
          id={panelId}
          role="region"
          aria-label="Search results"
          aria-busy={typing || results.isFetching}
          className="absolute left-0 top-full z-40 mt-2 max-h-[70vh] w-full overflow-y-auto rounded-2xl border border-zinc-200 bg-white p-2 shadow-xl md:w-96 dark:border-zinc-800 dark:bg-zinc-900"
        >
          {(typing || results.isFetching) && users.length + posts.length === 0 ? (
            <p className="flex items-center gap-2 px-2 py-3 text-sm text-zinc-600 dark:text-zinc-400">
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              Searching…
            </p>
          ) : users.length + posts.length === 0 ? (
            <p className="px-2 py-3 text-sm text-zinc-600 dark:text-zinc-400">No people or posts match “{query}”.</p>
          ) : (
            <>
              {users.length > 0 && (
                <ResultSection label="People">
                  {users.map((user) => (
                      <li key={user.id}>
                        <Link to={paths.viewProfile.getHref(user.id)} onClick={close} className={rowClass}>
                          <Avatar src={user.profile_picture} size={28} />
                          <span className="truncate font-medium">{user.name?.trim() || TEXT.anonymous}</span>
                        </Link>
                      </li>
                  ))}
                </ResultSection>
              )}
              {posts.length > 0 && (
                <ResultSection label="Posts">
                  {posts.map((post) => (
                      <li key={post.id}>
                        <Link to={paths.viewPost.getHref(post.id)} onClick={close} className={rowClass}>
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
                      </li>
                  ))}
                </ResultSection>
              )}
            </>
          )}
        </div>
      )}
    </div>
  );
}
