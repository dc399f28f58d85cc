/**
 * What a visitor typed in a comment or reply box before pressing its button: SPEC §5 sends them to
 * /login, and the text waits here (this tab only) until they are back on the post and send it. In lib/
 * because the login form keeps here too a comment the server handed it (one sent before the app ran).
 */
const PREFIX = 'inkwell:comment-draft:';

export function commentDraftKey(postId: number, commentId?: number): string {
  return commentId === undefined ? `${PREFIX}${postId}` : `${PREFIX}${postId}:reply:${commentId}`;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: the text is simply not kept
  }
}

export function readCommentDraft(key: string): string {
  return storage()?.getItem(key) ?? '';
}

export function keepCommentDraft(key: string, text: string): void {
  try {
    if (text.trim()) storage()?.setItem(key, text);
  } catch {
    // full or refused: nothing to keep
  }
}

export function dropCommentDraft(key: string): void {
  storage()?.removeItem(key);
}
