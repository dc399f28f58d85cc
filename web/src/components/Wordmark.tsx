import { Link } from 'react-router';

/** The Inkwell wordmark: an ink drop and the name in the reading face. */
export function Wordmark({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const text = size === 'lg' ? 'text-3xl' : 'text-xl sm:text-2xl';
  const drop = size === 'lg' ? 'size-8' : 'size-7';
  return (
    <Link
      to="/"
      aria-label="Inkwell home"
      className="inline-flex items-center gap-2 rounded-md text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600 dark:text-zinc-50"
    >
      <svg aria-hidden="true" viewBox="0 0 64 64" className={drop}>
        <rect width="64" height="64" rx="14" className="fill-indigo-700 dark:fill-indigo-400" />
        <path d="M32 12c-6 9-13 17-13 26a13 13 0 0 0 26 0c0-9-7-17-13-26z" className="fill-white dark:fill-zinc-950" />
      </svg>
      <span className={`font-serif font-bold tracking-tight ${text}`}>Inkwell</span>
    </Link>
  );
}
