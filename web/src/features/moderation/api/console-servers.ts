import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServerSeverity } from '@inkwell/contract';
import type { ModServerRemoveResponse, ModServerSaveResponse, ModServersImportResponse } from '@inkwell/contract/schemas';
import * as endpoints from '@inkwell/contract/calls';
import { api } from '../../../lib/api-client';
import { consoleQueryKey } from './console';
import { moderationYearsQueryOptions } from './rules';

/**
 * The servers elsewhere in the console (issue 47, ADR 0108), for staff who manage federation: every
 * block, one made, changed or lifted, a Mastodon CSV imported, and the blocks as that CSV. Whatever
 * changes a block reads the console again (its list, the audit log) and the public list on /moderation.
 */

/** POST /api/mod/servers: every block, by domain. */
export const modServersQueryOptions = () =>
  queryOptions({
    queryKey: [...consoleQueryKey, 'servers'] as const,
    queryFn: ({ signal }) => api(endpoints.modServers, undefined, { signal }),
  });

export function useModServers() {
  return useQuery(modServersQueryOptions());
}

/** GET /api/mod/servers.csv: every block in Mastodon's CSV, for a plain link (the browser sends its cookies). */
export const serversCsvHref = endpoints.modServersCsv.path;

/** A block as the form holds it (the same fields the plain form posts, its checkboxes as booleans). */
export interface ServerBlockInput {
  domain: string;
  severity: ServerSeverity;
  reject_media: boolean;
  reject_reports: boolean;
  obfuscate: boolean;
  public_comment: string;
  private_comment: string;
}

/** After a change: the console (its servers, the audit log) and the public list read again. */
function useReadAgain() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: consoleQueryKey }), client.invalidateQueries({ queryKey: moderationYearsQueryOptions().queryKey })]);
}

/** POST /api/mod/servers/save: a block made or changed (its domain names it). */
export function useSaveServerBlock() {
  const readAgain = useReadAgain();
  return useMutation({
    mutationFn: (input: ServerBlockInput): Promise<ModServerSaveResponse> => api(endpoints.modServerSave, input),
    onSuccess: readAgain,
  });
}

/** POST /api/mod/servers/remove: a block lifted. */
export function useRemoveServerBlock() {
  const readAgain = useReadAgain();
  return useMutation({
    mutationFn: (domain: string): Promise<ModServerRemoveResponse> => api(endpoints.modServerRemove, { domain }),
    onSuccess: readAgain,
  });
}

/** POST /api/mod/servers/import: the blocks of a Mastodon CSV (those blocked here already left as they are). */
export function useImportServerBlocks() {
  const readAgain = useReadAgain();
  return useMutation({
    mutationFn: (csv: string): Promise<ModServersImportResponse> => api(endpoints.modServersImport, { csv }),
    onSuccess: readAgain,
  });
}
