import { Search } from 'lucide-react';

interface SearchFieldProps {
  className?: string;
  autoFocus?: boolean;
}

/** The top bar's search box. Results (SPEC §2 Search, sent 1 s after typing stops) come with the search feature. */
export function SearchField({ className = '', autoFocus = false }: SearchFieldProps) {
  return (
    <form role="search" className={className} onSubmit={(event) => event.preventDefault()}>
      <label className="relative block">
        <span className="sr-only">Search people and posts</span>
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-zinc-500" />
        <input
          type="search"
          autoFocus={autoFocus}
          placeholder="Search"
          className="w-full rounded-full border border-transparent bg-zinc-100 py-2 pl-9 pr-4 text-sm text-zinc-900 placeholder:text-zinc-500 focus:border-indigo-600 focus:bg-white focus:outline-2 focus:outline-indigo-600/30 md:w-64 dark:bg-zinc-900 dark:text-zinc-100 dark:focus:bg-zinc-950"
        />
      </label>
    </form>
  );
}
