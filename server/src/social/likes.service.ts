import type { likeResponse } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { DomainEventBus, DomainEvents } from '../events/domain-events.ts';
import { notFound } from '../lib/errors.ts';
import type { Auth } from '../plugins/session.ts';
import { NOT_FOUND, orNotFound } from './errors.ts';
import { addToLikesCount, deleteLike, insertLike } from './likes.repository.ts';
import { actorName, noticeText, notify } from '../notify/notify.ts';
import { findPostFor } from './targets.repository.ts';

type LikeResponse = z.infer<typeof likeResponse>;

/** What a like or unlike caused, told to the modules that react (ADR 0084): nothing when it changed nothing. */
type Told = { name: 'like.added'; event: DomainEvents['like.added'] } | { name: 'like.removed'; event: DomainEvents['like.removed'] };

export const LIKE_MESSAGES = { liked: 'Post liked.', unliked: 'Like removed.' } as const;

export function createLikesService(db: Kysely<DB>, events: DomainEventBus) {
  return {
    /**
     * POST /like: any signed-in reader may like any post (the guard has matched user_id to the
     * caller). Idempotent; the count moves only when a row was really inserted or deleted, in the
     * same transaction, so under concurrent likes and unlikes it always equals the rows. The count is
     * moved last, just before the commit: its row is the post's, which every like of a popular post
     * locks, so it is held for one statement rather than for the notification's four (ADR 0077).
     */
    async setLike(auth: Auth, postId: number, like: boolean): Promise<LikeResponse> {
      return orNotFound(NOT_FOUND.post, () =>
        db.transaction().execute(async (trx) => {
          // The post and the liker's name (for the notification): one read.
          const post = await findPostFor(trx, postId, auth.userId);
          if (!post) throw notFound(NOT_FOUND.post);
          const now = nowIso();
          let told: Told | null = null;
          if (like && (await insertLike(trx, postId, auth.userId, now))) {
            const message = noticeText.like(actorName(post.actor_name), post.title);
            await notify.like(trx, post, { actorId: auth.userId, message, now });
            told = { name: 'like.added', event: { postId, userId: auth.userId, postApId: post.ap_id } };
            await events.emit(trx, told.name, told.event);
          }
          const removed = like ? undefined : await deleteLike(trx, postId, auth.userId);
          if (removed) {
            await notify.unlike(trx, post, auth.userId);
            told = { name: 'like.removed', event: { postId, userId: auth.userId, activityId: removed.activity_id } };
            await events.emit(trx, told.name, told.event);
          }
          const likesCount = await addToLikesCount(trx, postId, told ? (like ? 1 : -1) : 0);
          return { answer: { message: like ? LIKE_MESSAGES.liked : LIKE_MESSAGES.unliked, is_like: like, likes_count: likesCount }, told };
        }),
      ).then(({ answer, told }) => {
        if (told?.name === 'like.added') events.committed(told.name, told.event);
        if (told?.name === 'like.removed') events.committed(told.name, told.event);
        return answer;
      });
    },
  };
}

export type LikesService = ReturnType<typeof createLikesService>;
