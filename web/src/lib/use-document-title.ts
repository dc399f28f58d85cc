import { useLayoutEffect } from 'react';

/**
 * Sets the tab title as "Login · Inkwell"; the bare name on the home page. A layout effect, so the
 * title changes in the same commit as the page it names.
 */
export function useDocumentTitle(title: string | null): void {
  useLayoutEffect(() => {
    document.title = title ? `${title} · Inkwell` : 'Inkwell';
  }, [title]);
}
