import { useEffect } from 'react';

/** Sets the tab title as "Login · Inkwell"; the bare name on the home page. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · Inkwell` : 'Inkwell';
  }, [title]);
}
