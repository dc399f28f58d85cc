import { type FeedTuning, type FeedTuningSetBody, type FeedTuningSetResponse, MUTED_AUTHORS_MAX } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { validationError } from '../lib/errors.ts';
import * as repo from './tuning.repository.ts';

/**
 * The rules of tuning 'For you' (issue 13). "More like this" adds a topic to the reader's topics,
 * "Less like this" leaves its posts out of For you (followed authors' too) until they ask more of it:
 * a topic holds one of the two, the newer wins. "Mute" leaves an author out of For you only: not a
 * block (their posts stay readable everywhere else) and nobody is told. The caller is the member
 * (the session guard refuses a body naming anyone else).
 */

const TUNING_RESET = 'Your feed tuning has been reset.';

async function knownTopic(db: Kysely<DB>, categoryId: number): Promise<string> {
  const name = await repo.topicName(db, categoryId);
  if (name === undefined) throw validationError({ target_id: ['No such topic.'] });
  return name;
}

async function knownAuthor(db: Kysely<DB>, userId: number, authorId: number): Promise<string> {
  if (authorId === userId) throw validationError({ target_id: ['You cannot mute yourself.'] });
  const author = await repo.memberName(db, authorId);
  if (author === undefined) throw validationError({ target_id: ['No such author.'] });
  return author.name?.trim() || 'This author';
}

export function createTuningService(db: Kysely<DB>) {
  return {
    list: (userId: number): Promise<FeedTuning> => repo.listTuning(db, userId),

    async set(userId: number, { kind, target_id: target, on }: FeedTuningSetBody): Promise<FeedTuningSetResponse> {
      if (kind === 'mute') {
        const name = await knownAuthor(db, userId, target);
        if (on === 1) {
          if (!(await repo.isMuted(db, userId, target)) && (await repo.mutedCount(db, userId)) >= MUTED_AUTHORS_MAX) {
            throw validationError({ target_id: [`You can mute at most ${MUTED_AUTHORS_MAX} authors.`] });
          }
          await repo.mute(db, userId, target);
        } else {
          await repo.unmute(db, userId, target);
        }
        const message = on === 1 ? `${name} is muted in For you.` : `${name} is no longer muted in For you.`;
        return { message, previous: null, tuning: await repo.listTuning(db, userId) };
      }
      const name = await knownTopic(db, target);
      const previous = await repo.topicChoice(db, userId, target);
      if (on === 1) await repo.setTopicChoice(db, userId, target, kind);
      else await repo.clearTopicChoice(db, userId, target, kind);
      const message = on === 0 ? `${name} is back to usual in For you.` : kind === 'more' ? `You’ll see more of ${name} in For you.` : `For you will leave out ${name}.`;
      return { message, previous, tuning: await repo.listTuning(db, userId) };
    },

    async reset(userId: number): Promise<{ message: string; tuning: FeedTuning }> {
      await repo.resetTuning(db, userId);
      return { message: TUNING_RESET, tuning: { more: [], less: [], muted: [] } };
    },
  };
}

export type TuningService = ReturnType<typeof createTuningService>;
