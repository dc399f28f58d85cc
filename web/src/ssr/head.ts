import type { PageHead } from '@inkwell/contract';

export type { PageHead };

const SITE_DESCRIPTION = 'Inkwell: stories and ideas from writers you follow, on the topics you choose.';

/**
 * A rendered page's head: its title as the screen rendered it (`<title>`, components/DocumentTitle.tsx),
 * the rest as the screen's `head` says from its data (app/screen.ts); noindex unless the screen is
 * indexed, answered 200 and its data does not say noindex (a story of an account elsewhere).
 */
export function pageHead(pathname: string, status: number, title: string | null, indexed: boolean, own: Partial<PageHead> | null): PageHead {
  const ok = status === 200;
  return {
    title: title ?? 'Inkwell',
    description: SITE_DESCRIPTION,
    canonicalPath: pathname,
    image: null,
    kind: 'website',
    ...(ok && own ? Object.fromEntries(Object.entries(own).filter(([, value]) => value !== undefined)) : {}),
    noindex: !ok || !indexed || own?.noindex === true,
  };
}
