import { decodeId } from '@inkwell/contract';

/**
 * The id a page address names after `prefix` (`/view-profile/`, `/view-post/`…; a query or fragment
 * aside), when it is a canonical encoding of one; else null. Pure: it does not look the id up.
 */
export function idAfter(urlPath: string, prefix: string): number | null {
  const path = urlPath.split(/[?#]/)[0] ?? '';
  if (!path.startsWith(prefix)) return null;
  const rest = path.slice(prefix.length).replace(/\/$/, '');
  if (rest === '' || rest.includes('/')) return null;
  let text: string;
  try {
    text = decodeURIComponent(rest);
  } catch {
    return null;
  }
  return decodeId(text);
}
