import { TEXT, paths } from '@inkwell/contract';

export type ShareOutcome = 'shared' | 'copied' | 'unsupported';

/**
 * SPEC §2: the browser's share sheet with title, sub_title and a link. A browser without one (most
 * desktop browsers) gets the link on its clipboard instead, and the caller says 'Link copied'; SPEC §8's
 * alert stays for a browser that can do neither.
 */
export async function sharePost(post: { id: number; title: string; sub_title: string }): Promise<ShareOutcome> {
  const url = `${window.location.origin}${paths.viewPost.getHref(post.id)}`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: post.title, text: post.sub_title, url });
    } catch {
      // The reader closed the share sheet: nothing to do.
    }
    return 'shared';
  }
  if (typeof navigator.clipboard?.writeText === 'function') {
    try {
      await navigator.clipboard.writeText(url);
      return 'copied';
    } catch {
      // Refused (no permission, page not focused): fall through to the alert.
    }
  }
  window.alert(TEXT.shareUnsupported);
  return 'unsupported';
}
