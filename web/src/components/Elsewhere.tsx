import { Link } from 'react-router';
import { paths, type WrittenElsewhere } from '@inkwell/contract';
import { Avatar } from './Avatar';
import { OriginalLink, away, pictureElsewhere, quietLink } from './ElsewhereMark';

/**
 * What a story of an account on another server shows of its author (issue 46): its picture there, its
 * name leading to its profile here (ADR 0085), its handle leading to its profile there, and the
 * original. The small parts every list shows (the handle, the picture, the link out) are ElsewhereMark.tsx's.
 */

/**
 * A story's author that is an account elsewhere (`id`, its row of users): its picture there and its
 * name, leading to its profile here (ADR 0085), as a member's does. No hover card.
 */
export function AuthorElsewhere({ id, name, elsewhere, avatarSize }: { id: number; name: string; elsewhere: WrittenElsewhere; avatarSize: number }) {
  return (
    <Link
      to={paths.viewProfile.getHref(id)}
      className="flex min-w-0 items-center gap-2 rounded-full pr-1 font-medium text-zinc-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-zinc-100"
    >
      <Avatar src={pictureElsewhere(elsewhere)} size={avatarSize} />
      <span className="truncate">{name}</span>
    </Link>
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
