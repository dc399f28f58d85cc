import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyReportsResponse, ReportCategory, ReportKind, ReportResponse } from '@inkwell/contract';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/report/target: what the report form is about (a title, the first words, a name). */
export const reportTargetQueryOptions = (userId: string, kind: ReportKind, id: number) =>
  queryOptions({
    queryKey: ['moderation', 'target', userId, kind, id] as const,
    queryFn: ({ signal }) => api(endpoints.reportTarget, { user_id: Number(userId), kind, target_id: id }, { signal }),
  });

/** Under ['moderation', 'mine', …]: a report made adds to it; a notification of an outcome reads it again (notifications-cache.ts). */
export const myReportsQueryKey = (userId: string) => ['moderation', 'mine', userId] as const;

/** POST /api/user/reports {user_id}?cursor: the reader's reports, newest first, a page at a time. */
export const myReportsQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: myReportsQueryKey(userId),
    queryFn: ({ pageParam, signal }): Promise<MyReportsResponse> =>
      api(endpoints.myReports, { user_id: Number(userId) }, { signal, ...(pageParam ? { url: `${endpoints.myReports.path}?cursor=${encodeURIComponent(pageParam)}` } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: MyReportsResponse) => last.next_cursor ?? undefined,
  });

export function useMyReports(userId: string) {
  return useInfiniteQuery(myReportsQueryOptions(userId));
}

export interface NewReport {
  kind: ReportKind;
  targetId: number;
  category: ReportCategory;
  note: string;
}

/** POST /api/user/report: the receipt, and the reader's list to be read again. */
export function useReport(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (report: NewReport): Promise<ReportResponse> =>
      api(endpoints.report, {
        user_id: Number(userId),
        kind: report.kind,
        target_id: report.targetId,
        category: report.category,
        ...(report.note.trim() ? { note: report.note.trim() } : {}),
      }),
    onSettled: () => client.invalidateQueries({ queryKey: myReportsQueryKey(userId) }),
  });
}
