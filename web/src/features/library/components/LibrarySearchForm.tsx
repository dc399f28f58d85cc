import { useId, useRef, useState } from 'react';
import { Search, X } from 'lucide-react';
import { SEARCH_QUERY_MAX, type LibraryScope } from '@inkwell/contract';

export const SCOPES: ReadonlyArray<{ key: LibraryScope; label: string }> = [
  { key: 'all', label: 'All' },
  { key: 'saved', label: 'Saved' },
  { key: 'read', label: 'Read' },
  { key: 'written', label: 'Written' },
];

interface LibrarySearchFormProps {
  /** The search in the address ('' when the tabs show). */
  query: string;
  scope: LibraryScope;
  onSearch: (query: string, scope: LibraryScope) => void;
  onClear: () => void;
}

/**
 * "Search your library": a labelled search field, its clear (×) and, once there is something to look
 * for, where to look (All, Saved, Read, Written: radio buttons drawn as chips, arrows move between
 * them). Submitting, or a chip while a search shows, puts it in the address.
 */
export function LibrarySearchForm({ query, scope, onSearch, onClear }: LibrarySearchFormProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(query);
  const [chosen, setChosen] = useState(scope);
  // The address changed (Back, the clear): the field and chips follow it.
  const [shown, setShown] = useState({ query, scope });
  if (shown.query !== query || shown.scope !== scope) {
    setShown({ query, scope });
    setText(query);
    setChosen(scope);
  }

  const clear = () => {
    setText('');
    input.current?.focus();
    if (query) onClear();
  };

  return (
    <form
      role="search"
      aria-label="Your library"
      className="mt-5"
      onSubmit={(event) => {
        event.preventDefault();
        const words = text.trim();
        if (words) onSearch(words, chosen);
        else if (query) onClear();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search your library
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-zinc-500" />
        <input
          ref={input}
          id={id}
          type="search"
          value={text}
          maxLength={SEARCH_QUERY_MAX}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && (text || query)) {
              event.preventDefault();
              clear();
            }
          }}
          placeholder="Search your library"
          enterKeyHint="search"
          className="w-full rounded-full border border-zinc-300 bg-white py-2.5 pl-10 pr-11 text-base text-zinc-900 placeholder:text-zinc-500 focus:border-indigo-600 focus:outline-2 focus:outline-indigo-600/30 sm:text-sm dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:focus:border-indigo-400 [&::-webkit-search-cancel-button]:appearance-none"
        />
        {(text || query) && (
          <button
            type="button"
            aria-label="Clear search"
            title="Clear search"
            onClick={clear}
            className="absolute right-1.5 top-1/2 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
      {(text.trim() || query) && (
        <fieldset className="mt-3 flex flex-wrap items-center gap-2">
          <legend className="sr-only">Search in</legend>
          {SCOPES.map((item) => (
            <label
              key={item.key}
              className="cursor-pointer rounded-full border border-zinc-300 px-3.5 py-1 text-sm font-medium text-zinc-700 transition-colors hover:border-zinc-400 hover:text-zinc-950 has-checked:border-zinc-900 has-checked:bg-zinc-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600 dark:border-zinc-700 dark:text-zinc-300 dark:hover:border-zinc-500 dark:hover:text-white dark:has-checked:border-zinc-100 dark:has-checked:bg-zinc-100 dark:has-checked:text-zinc-950"
            >
              <input
                type="radio"
                name={`${id}-scope`}
                value={item.key}
                checked={chosen === item.key}
                onChange={() => {
                  setChosen(item.key);
                  if (query) onSearch(text.trim() || query, item.key);
                }}
                className="sr-only"
              />
              {item.label}
            </label>
          ))}
        </fieldset>
      )}
    </form>
  );
}
