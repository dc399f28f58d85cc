import { createContext, useContext } from 'react';

/**
 * What a page tells the server while it is rendered there: its HTTP status (a not-found page: 404).
 * In the browser there is no such context and this does nothing.
 */
export interface RenderReport {
  status: number;
}

export const RenderReportContext = createContext<RenderReport | null>(null);

/** Called while rendering: the server answers with this status (the last one rendered wins). */
export function useRenderStatus(status: number): void {
  const report = useContext(RenderReportContext);
  if (report) report.status = status;
}
