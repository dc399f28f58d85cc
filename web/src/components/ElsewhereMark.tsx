import type { WrittenElsewhere } from '@inkwell/contract';

/* What every list shows of an account on another server (issue 46): small, so it comes with start. */

/** A link to another server: a new tab, and nothing of this page goes with it. */
export const away = { target: '_blank', rel: 'noopener noreferrer nofollow ugc' } as const;

/** Quiet indigo links (WCAG AA on white and on the dark background). */
export const quietLink = 'font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300';

/** An account elsewhere's picture only over https, else null (the placeholder); Avatar sends no referrer with it. */
export function pictureElsewhere(elsewhere: WrittenElsewhere): string | null {
  return elsewhere.icon_url?.startsWith('https://') ? elsewhere.icon_url : null;
}

/** "Original": the story, comment or reply on its own server, in a new tab. */
export function OriginalLink({ url }: { url: string }) {
  return (
    <a href={url} {...away} className={quietLink}>
      Original
    </a>
  );
}

/** After a name: the handle of the account elsewhere, and its original when there is one. */
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
