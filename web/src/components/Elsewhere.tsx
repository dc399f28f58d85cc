import type { WrittenElsewhere } from '@inkwell/contract';
import { Avatar } from './Avatar';

/**
 * What a story, comment or reply of an account on another server shows of it (issue 46): its picture
 * there, its handle and a link to the original. Shared by the post card, the post page and comments.
 */

/** A link to another server: a new tab, and nothing of this page goes with it. */
export const away = { target: '_blank', rel: 'noopener noreferrer nofollow ugc' } as const;

/** Quiet indigo links (WCAG AA on white and on the dark background). */
const quietLink = 'font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300';

/** An account elsewhere's picture only over https, else null (the placeholder); Avatar sends no referrer with it. */
export function pictureElsewhere(elsewhere: WrittenElsewhere): string | null {
  return elsewhere.icon_url?.startsWith('https://') ? elsewhere.icon_url : null;
}

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

/** "Original": the story, comment or reply on its own server, in a new tab. */
export function OriginalLink({ url }: { url: string }) {
  return (
    <a href={url} {...away} className={quietLink}>
      Original
    </a>
  );
}

/** On a post card, after its author: the handle of the account elsewhere that wrote it, and the original. */
export function ElsewhereMark({ elsewhere }: { elsewhere: WrittenElsewhere }) {
  return (
    <span data-testid="elsewhere-mark" className="min-w-0 text-zinc-600 dark:text-zinc-400">
      <span className="break-all">{elsewhere.handle}</span>
      {elsewhere.url && (
        <>
          {' · '}
          <OriginalLink url={elsewhere.url} />
        </>
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
