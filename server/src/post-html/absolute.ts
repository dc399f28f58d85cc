import { escapeHtml } from '@inkwell/contract';

/**
 * The body's site-relative addresses made absolute (a feed reader or a mail program shows it away from the site):
 * `src` and `href` values starting with one `/`, in the sanitiser's output, where attributes are
 * always double-quoted and text never holds a raw `<`. `image`, when given, makes an image's src
 * absolute instead (a mail points straight at STORAGE_PUBLIC_URL: storage/addresses.ts).
 */
export function absoluteAddresses(html: string, publicUrl: string, image?: (src: string) => string): string {
  return html.replace(/<(?:img|a)\s[^>]*>/g, (tag) => {
    if (image && tag.startsWith('<img')) return tag.replace(/(\ssrc=")(\/(?!\/)[^"]*)"/, (_all, attribute: string, src: string) => `${attribute}${escapeHtml(image(src))}"`);
    return tag.replace(/(\s(?:src|href)=")\/(?!\/)/g, `$1${publicUrl}/`);
  });
}
