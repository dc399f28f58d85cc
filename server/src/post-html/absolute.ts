/**
 * The body's site-relative addresses made absolute (a feed reader or a mail program shows it away from the site):
 * `src` and `href` values starting with one `/`, in the sanitiser's output, where attributes are
 * always double-quoted and text never holds a raw `<`.
 */
export function absoluteAddresses(html: string, publicUrl: string): string {
  return html.replace(/<(?:img|a)\s[^>]*>/g, (tag) => tag.replace(/(\s(?:src|href)=")\/(?!\/)/g, `$1${publicUrl}/`));
}
