import { TEXT, type saveResponse } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { notFound } from '../lib/errors.ts';
import type { Auth } from '../plugins/session.ts';
import { NOT_FOUND, orNotFound } from './errors.ts';
import { deleteSave, insertSave } from './saves.repository.ts';
import { findPost } from './targets.repository.ts';

type SaveResponse = z.infer<typeof saveResponse>;

export function createSavesService(db: Kysely<DB>) {
  return {
    /**
     * POST /posts/save: any signed-in reader may save any post to their own folder. Idempotent. One
     * statement: a save of a missing post breaks the foreign key (404); an unsave that removed
     * nothing asks whether the post is there.
     */
    async setSaved(auth: Auth, postId: number, save: boolean): Promise<SaveResponse> {
      if (save) await orNotFound(NOT_FOUND.post, () => insertSave(db, auth.userId, postId, nowIso()));
      else if (!(await deleteSave(db, auth.userId, postId)) && !(await findPost(db, postId))) throw notFound(NOT_FOUND.post);
      return { message: save ? TEXT.postSaved : TEXT.postUnsaved, is_saved: save };
    },
  };
}

export type SavesService = ReturnType<typeof createSavesService>;
