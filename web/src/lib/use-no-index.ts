import { useLayoutEffect } from 'react';

/**
 * Keeps search engines off a page that must not be indexed even where no server rendered it (the
 * shell, SERVER_RENDERING=off): adds `<meta name="robots" content="noindex">` while the page shows,
 * unless the server's head already says so. The server writes the same tag for such a page
 * (ssr/head.ts: any screen but the public ones).
 */
export function useNoIndex(): void {
  useLayoutEffect(() => {
    if (document.head.querySelector('meta[name="robots"][content~="noindex"]')) return;
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}
