/** The answer's message above a form the server sent back (a form sent before the app's scripts ran). */
export function FormMessage({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
      {text}
    </p>
  );
}

/**
 * A comment a visitor sent from a post before signing in: it travels in this page (hidden fields, so in
 * no address and in no server-side store) and is posted by the login that follows; shown so that the
 * visitor sees it is not lost.
 */
export function KeptComment({ postId, text }: { postId?: string; text?: string }) {
  if (!postId || !text) return null;
  return (
    <div
      data-testid="kept-comment"
      className="rounded-lg border border-zinc-200 bg-zinc-50 px-3.5 py-2.5 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300"
    >
      <input type="hidden" name="comment_post" value={postId} />
      <input type="hidden" name="comment" value={text} />
      <p className="font-medium text-zinc-900 dark:text-zinc-100">Log in to post your comment:</p>
      <p className="mt-1 line-clamp-3 whitespace-pre-wrap break-words">{text}</p>
    </div>
  );
}
