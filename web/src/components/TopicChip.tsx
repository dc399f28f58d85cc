import { Link } from 'react-router';
import { encodeId, paths } from '@inkwell/contract';
import { useSession } from '../lib/session';

/**
 * Where a topic leads: a member to its own screen, /recommended/{catogary} (SPEC §2, session only);
 * a visitor to the home page's tab of that category, which is open to read, rather than to /login.
 */
export function useTopicHref(): (categoryId: number) => string {
  const signedIn = useSession() !== null;
  return (categoryId) => (signedIn ? paths.categoryPosts.getHref(categoryId) : `${paths.home.getHref()}?tab=catogery&category=${encodeURIComponent(encodeId(categoryId))}`);
}

const chipClass =
  'inline-block rounded-full bg-zinc-100 px-3.5 py-1.5 text-sm text-zinc-800 hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:bg-zinc-800 dark:text-zinc-200 dark:hover:bg-zinc-700';

/** A topic as a rounded chip that opens its posts. */
export function TopicChip({ categoryId, name, className = '' }: { categoryId: number; name: string; className?: string }) {
  const href = useTopicHref();
  return (
    <Link to={href(categoryId)} className={`${chipClass} ${className}`}>
      {name}
    </Link>
  );
}
