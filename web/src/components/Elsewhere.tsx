import type { WrittenElsewhere } from '@inkwell/contract';
import { Avatar } from './Avatar';
import { OriginalLink, away, pictureElsewhere, quietLink } from './ElsewhereMark';

/**
 * What a story of an account on another server shows of its author (issue 46): its picture there, its
 * name and handle leading to its profile there, and the original. The small parts every list shows
 * (the handle, the picture, the link out) are ElsewhereMark.tsx's.
 */

/**
 * A story's author that is an account elsewhere: its picture there and its name, leading to its profile
 * there in a new tab (plain text without one). No hover card: it has no profile, followers or Follow here.
 */
export function AuthorElsewhere({ name, elsewhere, avatarSize }: { name: string; elsewhere: WrittenElsewhere; avatarSize: number }) {
  const nameClass = 'truncate font-medium text-zinc-900 dark:text-zinc-100';
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Avatar src={pictureElsewhere(elsewhere)} size={avatarSize} />
      {elsewhere.profile_url ? (
        <a href={elsewhere.profile_url} {...away} className={`${nameClass} hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600`}>
          {name}
        </a>
      ) : (
        <span className={nameClass}>{name}</span>
      )}
    </span>
  );
}

/** Above a story's title on its page: "From {handle} · Original", the handle leading to its profile there. */
export function FromElsewhere({ elsewhere }: { elsewhere: WrittenElsewhere }) {
  return (
    <p data-testid="from-elsewhere" className="text-sm text-zinc-600 dark:text-zinc-400">
      From{' '}
      {elsewhere.profile_url ? (
        <a href={elsewhere.profile_url} {...away} className={`${quietLink} break-all`}>
          {elsewhere.handle}
        </a>
      ) : (
        <span className="break-all font-medium text-zinc-800 dark:text-zinc-200">{elsewhere.handle}</span>
      )}
      {elsewhere.url && (
        <>
          {' · '}
          <OriginalLink url={elsewhere.url} />
        </>
      )}
    </p>
  );
}
