import { z } from 'zod';
import { idField } from './common.ts';

/**
 * Tuning 'For you' (issue 13, additions): "More like this" and "Less like this" of a card's topic, "Mute"
 * of its author (left out of For you only: not a block, they are told nothing). Signed in, own only.
 */

/** The most authors one member may mute. */
export const MUTED_AUTHORS_MAX = 1000;

export const TUNING_KINDS = ['more', 'less', 'mute'] as const;
export type TuningKind = (typeof TUNING_KINDS)[number];

/** POST /api/user/feed-tuning {user_id}: what the caller tuned. */
export const feedTuningBody = z.object({ user_id: idField('user id') });

export const tunedTopic = z.object({ id: z.number(), name: z.string(), created_at: z.string() });
export type TunedTopic = z.infer<typeof tunedTopic>;
export const mutedAuthor = z.object({ id: z.number(), name: z.string().nullable(), profile_picture: z.string().nullable(), created_at: z.string() });
export type MutedAuthor = z.infer<typeof mutedAuthor>;
/** Each list newest first. */
export const feedTuning = z.object({ more: z.array(tunedTopic), less: z.array(tunedTopic), muted: z.array(mutedAuthor) });
export type FeedTuning = z.infer<typeof feedTuning>;
export const feedTuningResponse = z.object({ tuning: feedTuning });

/**
 * POST /api/user/feed-tuning/set {user_id, kind more|less|mute, target_id, on 1|0}: target_id is a topic
 * (more, less) or an author (mute). A topic holds one of more or less: the newer replaces the older.
 * Idempotent; `previous` is what the topic held before (for Undo), null for an author.
 */
export const feedTuningSetBody = z.object({
  user_id: idField('user id'),
  kind: z.enum(TUNING_KINDS, { error: 'The kind must be more, less or mute.' }),
  target_id: idField('target id'),
  on: z.preprocess(
    (v) => (v === '1' || v === 1 || v === true || v === 'true' ? 1 : v === '0' || v === 0 || v === false || v === 'false' ? 0 : v),
    z.union([z.literal(0), z.literal(1)], { error: 'The on field must be 1 or 0.' }),
  ),
});
export type FeedTuningSetBody = z.infer<typeof feedTuningSetBody>;
export const feedTuningSetResponse = z.object({
  message: z.string(),
  previous: z.enum(['more', 'less']).nullable(),
  tuning: feedTuning,
});
export type FeedTuningSetResponse = z.infer<typeof feedTuningSetResponse>;

/** POST /api/user/feed-tuning/reset {user_id}: forgets every more, less and mute of the caller. */
export const feedTuningResetBody = z.object({ user_id: idField('user id') });
export const feedTuningResetResponse = z.object({ message: z.string(), tuning: feedTuning });
