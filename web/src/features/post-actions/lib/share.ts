import { TEXT, paths } from '@inkwell/contract';

/** SPEC §2: the browser's share sheet with title, sub_title and a link; an alert where there is none. */
export async function sharePost(post: { id: number; title: string; sub_title: string }): Promise<void> {
  const url = `${window.location.origin}${paths.viewPost.getHref(post.id)}`;
  if (typeof navigator.share !== 'function') {
    window.alert(TEXT.shareUnsupported);
    return;
  }
  try {
    await navigator.share({ title: post.title, text: post.sub_title, url });
  } catch {
    // The reader closed the share sheet: nothing to do.
  }
}
