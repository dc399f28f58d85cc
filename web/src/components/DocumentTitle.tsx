/**
 * The tab's title, "Login · Inkwell" (the bare name on the home page), and for a page search engines
 * must leave out, `<meta name="robots" content="noindex">`: React elements, which React puts into the
 * document's head while the screen shows (on the server, entry-server.tsx moves them there). Nothing
 * while the title is not known yet (null).
 */
export function DocumentTitle({ title, noindex = false }: { title: string | null; noindex?: boolean }) {
  return (
    <>
      {title !== null && <title>{title ? `${title} · Inkwell` : 'Inkwell'}</title>}
      {noindex && <meta name="robots" content="noindex" />}
    </>
  );
}
