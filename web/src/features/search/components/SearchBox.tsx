import { useId, useRef, useState, type ChangeEvent, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { paths } from '@inkwell/contract';
import { SEARCH_QUERY_MAX } from '../../../lib/limits';
import { useTypedBeforeStart } from '../../../lib/typed-before-start';
import type { SuggestionsProps } from './SearchSuggestions';

export interface SearchBoxProps {
  className?: string;
  autoFocus?: boolean;
}

/** The suggestions' code, asked for once when a box is first used: the top bar is on every page's first load. */
let suggestions: Promise<ComponentType<SuggestionsProps>> | undefined;
const loadSuggestions = () => (suggestions ??= import('./SearchSuggestions').then((m) => m.SearchSuggestions));

/**
 * SPEC §2 Search, a combobox: what is typed asks for suggestions (people and posts, SearchSuggestions,
 * loaded once the box is used); the arrow keys move through them, Enter opens the one chosen, or the
 * results page (/search?q=…) when none is; Escape, a click elsewhere or following one closes them.
 */
export function SearchBox({ className = '', autoFocus = false }: SearchBoxProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [Suggestions, setSuggestions] = useState<ComponentType<SuggestionsProps> | null>(null);
  /** The suggestions' addresses as shown (the last: all results), filled by SearchSuggestions. */
  const shown = useRef<string[]>([]);
  const rootRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const panelId = useId();
  const showPanel = open && text.trim() !== '';
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const openSuggestions = () => {
    setOpen(true);
    if (!Suggestions) void loadSuggestions().then((component) => setSuggestions(() => component));
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setText(event.target.value);
    setActive(-1);
    openSuggestions();
  };
  const inputRef = useRef<HTMLInputElement>(null);
  // Typed before the app started (every page is rendered on the server): kept, its suggestions shown.
  useTypedBeforeStart(inputRef, text, onChange);

  return (
    <div
      ref={rootRef}
      className={`relative ${className}`}
      onKeyDown={(event) => {
        const n = shown.current.length;
        if (event.key === 'Escape' && open) {
          // Closes the list only: a search field's Escape would clear the text too.
          event.preventDefault();
          event.stopPropagation();
          close();
        } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && text.trim() !== '') {
          event.preventDefault();
          setOpen(true);
          if (n > 0) setActive((i) => (event.key === 'ArrowDown' ? (i + 1) % n : (i <= 0 ? n : i) - 1));
        }
      }}
    >
      {/* Pressed before the app's scripts run, the browser opens the results page itself (a query is no secret). */}
      <form
        role="search"
        method="get"
        action={paths.search.path}
        onSubmit={(event) => {
          event.preventDefault();
          const href = showPanel && active >= 0 ? shown.current[active] : text.trim() ? paths.search.getHref(text.trim()) : undefined;
          if (!href) return;
          close();
          navigate(href);
        }}
      >
        <label className="relative block">
          <span className="sr-only">Search people and posts</span>
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-zinc-500" />
          {/* type=text: a search input may not take the combobox role (HTML's ARIA rules; the Nu checker). */}
          <input
            ref={inputRef}
            type="text"
            name="q"
            role="combobox"
            aria-autocomplete="list"
            autoFocus={autoFocus}
            value={text}
            maxLength={SEARCH_QUERY_MAX}
            aria-controls={showPanel ? panelId : undefined}
            aria-expanded={showPanel}
            aria-activedescendant={showPanel && active >= 0 ? `${panelId}-${active}` : undefined}
            onChange={onChange}
            onFocus={openSuggestions}
            placeholder="Search"
            className="w-full rounded-full border border-transparent bg-zinc-100 py-2 pl-9 pr-4 text-sm text-zinc-900 placeholder:text-zinc-500 focus:border-indigo-600 focus:bg-white focus:outline-2 focus:outline-indigo-600/30 md:w-64 dark:bg-zinc-900 dark:text-zinc-100 dark:focus:bg-zinc-950"
          />
        </label>
      </form>
      {Suggestions && <Suggestions text={text} open={showPanel} active={active} panelId={panelId} rootRef={rootRef} shown={shown} onClose={close} />}
    </div>
  );
}
