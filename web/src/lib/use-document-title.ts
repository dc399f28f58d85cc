import { useLayoutEffect } from 'react';
import { useRenderReport } from './render-context';

/**
 * Sets the tab title as "Login · Inkwell"; the bare name on the home page. A layout effect, so the
 * title changes in the same commit as the page it names.
 */
export function useDocumentTitle(title: string | null): void {
  // On the server the title goes into the page's <title> (layout effects do not run there).
  const report = useRenderReport();
  if (report && title !== null) report.title = title;
  useLayoutEffect(() => {
    document.title = title ? `${title} · Inkwell` : 'Inkwell';
  }, [title]);
}
