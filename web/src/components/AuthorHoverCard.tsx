import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { TEXT, paths, type WrittenElsewhere } from '@inkwell/contract';
import { Avatar } from './Avatar';
import { BlockToggle } from './BlockProvider';
import { AuthorElsewhere } from './Elsewhere';

export interface AuthorSummary {
  id: number;
  name: string | null;
  profile_picture: string | null;
  followers_count?: number;
}

interface AuthorHoverCardProps {
  author: AuthorSummary | null | undefined;
  /** Set for an account of another server (a story from elsewhere): its name leads to its profile here, and there is no card. */
  elsewhere?: WrittenElsewhere | null;
  /** What goes under the follower count while the card is open (the Follow/Unfollow button). */
  renderFollow?: (open: boolean) => ReactNode;
  avatarSize?: number;
}

const CLOSE_DELAY_MS = 150;

export function authorName(name: string | null | undefined): string {
  return name?.trim() || TEXT.undefinedAuthor;
}

/**
 * The author's avatar and name (a link to the profile). Hovering or focusing it opens a card with
 * the follower count and Follow/Unfollow (SPEC §2); leaving it, blurring it or Escape closes it.
 */
export function AuthorHoverCard({ author, elsewhere, renderFollow, avatarSize = 24 }: AuthorHoverCardProps) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const rootRef = useRef<HTMLDivElement>(null);
  const cardId = useId();
  const name = authorName(author?.name);

  useEffect(() => () => clearTimeout(timer.current), []);

  if (author && elsewhere) return <AuthorElsewhere id={author.id} name={author.name?.trim() || elsewhere.handle} elsewhere={elsewhere} avatarSize={avatarSize} />;
  if (!author) {
    return (
      <span className="flex items-center gap-2 text-zinc-700 dark:text-zinc-300">
        <Avatar size={avatarSize} />
        {TEXT.undefinedAuthor}
      </span>
    );
  }

  const show = () => {
    clearTimeout(timer.current);
    setOpen(true);
  };
  const hide = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  };
  const followers = author.followers_count ?? 0;

  return (
    <div
      ref={rootRef}
      className="relative min-w-0"
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) hide();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <Link
        to={paths.viewProfile.getHref(author.id)}
        aria-describedby={open ? cardId : undefined}
        className="flex min-w-0 items-center gap-2 rounded-full pr-1 font-medium text-zinc-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-zinc-200"
      >
        <Avatar src={author.profile_picture} size={avatarSize} />
        <span className="truncate">{name}</span>
      </Link>
      {open && (
        <div className="absolute left-0 top-full z-30 pt-2">
          <div
            id={cardId}
            role="group"
            aria-label={`About ${name}`}
            className="w-64 rounded-2xl border border-zinc-200 bg-white p-4 text-sm shadow-xl dark:border-zinc-800 dark:bg-zinc-900"
          >
            <div className="flex items-center gap-3">
              <Avatar src={author.profile_picture} size={44} />
              <div className="min-w-0">
                <p className="truncate font-semibold text-zinc-900 dark:text-zinc-50">{name}</p>
                <p data-testid="followers-count" className="text-zinc-600 dark:text-zinc-400">
                  {followers} {followers === 1 ? 'follower' : 'followers'}
                </p>
              </div>
            </div>
            {renderFollow && <div className="mt-3">{renderFollow(open)}</div>}
            <BlockToggle
              person={author}
              className="mt-2 w-full rounded-full px-3 py-1.5 text-xs font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-60 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
            />
          </div>
        </div>
      )}
    </div>
  );
}
