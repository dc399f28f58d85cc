import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ModAuditResponse } from '@inkwell/contract/schemas';
import * as endpoints from '@inkwell/contract/calls';
import { api } from '../../../lib/api-client';
import { consoleQueryKey } from './console';

/**
 * The audit log in the console (issue 47, ADR 0105), for staff who may read it: a page at a time,
 * filtered by who, what, on what, which server and which days, and the same rows as a CSV file.
 */

/** The log's filters by their names in the address, the form and the API (`/mod/audit?action=case.decide&from=2026-11-01`). */
export const AUDIT_FILTER_FIELDS = ['actor_id', 'action', 'target_kind', 'server', 'from', 'to'] as const;
export type AuditFilterField = (typeof AUDIT_FILTER_FIELDS)[number];

/** The filters as the address says them: each one given, as text (an empty one is none). */
export type AuditFilter = Partial<Record<AuditFilterField, string>>;

/**
 * The filters of an address's query (or a form's fields): the ones given, trimmed. A moderator is a
 * number (the form's select only ever sends one): anything else is no filter. The rest goes to the
 * API as it is, which says what is wrong with a day or a server (422).
 */
export function auditFilterOf(search: URLSearchParams): AuditFilter {
  const filter: AuditFilter = {};
  for (const field of AUDIT_FILTER_FIELDS) {
    const value = search.get(field)?.trim() ?? '';
    if (value === '' || (field === 'actor_id' && !/^\d{1,15}$/.test(value))) continue;
    filter[field] = value;
  }
  return filter;
}

/** The filters as a query (`actor_id=3&action=case.decide`), in the fields' order; empty without any. */
export function auditQueryOf(filter: AuditFilter): string {
  return new URLSearchParams(AUDIT_FILTER_FIELDS.flatMap((field) => (filter[field] ? [[field, filter[field]]] : []))).toString();
}

/** GET /api/mod/audit.csv?filters: the rows that match as a file, for a plain link (the browser sends its cookies). */
export function auditCsvHref(filter: AuditFilter): string {
  const query = auditQueryOf(filter);
  return query ? `${endpoints.modAuditCsv.path}?${query}` : endpoints.modAuditCsv.path;
}

/** POST /api/mod/audit {filters}?cursor: the log, newest first, a page at a time. */
export const modAuditQueryOptions = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: [...consoleQueryKey, 'audit', auditQueryOf(filter)] as const,
    queryFn: ({ pageParam, signal }): Promise<ModAuditResponse> =>
      api(
        endpoints.modAudit,
        {
          ...(filter.actor_id ? { actor_id: Number(filter.actor_id) } : {}),
          ...(filter.action ? { action: filter.action } : {}),
          ...(filter.target_kind ? { target_kind: filter.target_kind } : {}),
          ...(filter.server ? { server: filter.server } : {}),
          ...(filter.from ? { from: filter.from } : {}),
          ...(filter.to ? { to: filter.to } : {}),
        },
        { signal, ...(pageParam ? { url: `${endpoints.modAudit.path}?cursor=${encodeURIComponent(pageParam)}` } : {}) },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ModAuditResponse) => last.next_cursor ?? undefined,
  });

export function useModAudit(filter: AuditFilter) {
  return useInfiniteQuery(modAuditQueryOptions(filter));
}
