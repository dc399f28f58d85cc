import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import { TEXT, paths, relativeTime, type CommentElsewhere, type CommentItem } from '@inkwell/contract';
import { Avatar } from '../../../components/Avatar';
import { OriginalLink, pictureElsewhere } from '../../../components/ElsewhereMark';
import { useNow } from '../../../lib/use-now';

/** Who wrote a comment or reply: a member (`user`), or an account of another server (`elsewhere` set, `user` its row). */
export interface Author {
  user: CommentItem['user'];
  elsewhere?: CommentElsewhere | null;
}

/** The name a comment or reply shows for its author: theirs, else the handle of an account elsewhere, else Anonymous. */
export const authorName = ({ user, elsewhere }: Author) => user.name?.trim() || elsewhere?.handle || TEXT.anonymous;

const nameLink = 'block truncate font-semibold text-zinc-900 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-zinc-100';

interface BylineProps extends Author {
  createdAt: string;
  size: number;
}

/**
 * Its author's picture and name, leading to their profile here (an account elsewhere's too, its row of
 * users: ADR 0085; its handle and the original, on its server, follow), then when.
 */
export function Byline({ user, elsewhere, createdAt, size }: BylineProps) {
  const now = useNow();
  const name = authorName({ user, elsewhere });
  const picture = elsewhere ? pictureElsewhere(elsewhere) : user.profile_picture;
  return (
    <div className="flex items-center gap-2.5">
      <Avatar src={picture} size={size} />
      <div className="min-w-0 text-sm leading-5">
        <Link to={paths.viewProfile.getHref(user.id)} className={nameLink}>
          {name}
        </Link>
        <span className="text-zinc-600 dark:text-zinc-400">
          {elsewhere && name !== elsewhere.handle && <span className="break-all">{elsewhere.handle} · </span>}
          <time dateTime={createdAt}>{relativeTime(createdAt, now)}</time>
          {elsewhere?.url && (
            <>
              {' · '}
              <OriginalLink url={elsewhere.url} />
            </>
          )}
        </span>
      </div>
    </div>
  );
}

interface BlockElsewhereProps {
  said: Author;
  viewerId: number | null;
  postOwnerId: number;
  className: string;
}

/**
 * The story's writer blocks the account elsewhere that wrote a comment or reply on it
 * (/block, with its account's id), asked once more, or unblocks it; as a member's comment offers Block for the
 * member. Nothing for anyone else, nor for a member's comment.
 */
export function BlockElsewhere({ said, viewerId, postOwnerId, className }: BlockElsewhereProps) {
  const accountId = said.elsewhere?.account_id;
  if (viewerId === null || viewerId !== postOwnerId || accountId === null || accountId === undefined) return null;
  return (
    <Suspense fallback={null}>
      <BlockAccount viewerId={viewerId} accountId={accountId} handle={said.elsewhere!.handle} name={authorName(said)} className={className} />
    </Suspense>
  );
}

/** Its code comes only to the story's writer, with the comments' other parts for few readers (OutOfSight.tsx). */
const BlockAccount = lazy(() => import('./OutOfSight').then((module) => ({ default: module.BlockAccount })));
