import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Draft } from '@inkwell/contract';
import { type CallBody, api } from '../../../lib/api-client';
import { draftDetailsQuery } from './get-draft';
import * as endpoints from '@inkwell/contract/calls';

/** What a save sends (contract/src/calls.ts draftsSave). */
export type SaveDraftBody = CallBody<typeof endpoints.draftsSave>;

/**
 * POST /api/user/drafts/save: creates a draft (no id: 201) or replaces the writer's draft `id` (200).
 * 404 when the draft is gone, 422 with field errors (too many drafts, an image no longer stored).
 * `keepalive` lets the call outlive the page (a save sent as the tab closes).
 */
export function saveDraft(body: SaveDraftBody, options: { keepalive?: boolean } = {}) {
  // A browser holds at most 64 KB of such calls at once; a longer story is saved the ordinary way.
  const keepalive = options.keepalive === true && JSON.stringify(body).length < 60_000;
  return api(endpoints.draftsSave, body, { keepalive });
}

/**
 * The save as the editor calls it (imperatively: autosave, Save draft, before publishing): the answer
 * becomes the draft's cached details, and the Library's lists of drafts are marked stale.
 */
export function useSaveDraft() {
  const queryClient = useQueryClient();
  return useCallback(
    async (body: SaveDraftBody, options: { keepalive?: boolean } = {}): Promise<Draft> => {
      const { draft } = await saveDraft(body, options);
      queryClient.setQueryData(draftDetailsQuery(draft.id).queryKey, draft);
      void queryClient.invalidateQueries({ queryKey: ['drafts'] });
      return draft;
    },
    [queryClient],
  );
}
