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
import { noticesBy, notify } from '../notify/notify.ts';
import { hasBlocked } from './blocks.repository.ts';
import { findPostFor } from './targets.repository.ts';

type LikeResponse = z.infer<typeof likeResponse>;

/** What a like or unlike caused, told to the modules that react (ADR 0084): nothing when it changed nothing. */
type Told = { name: 'like.added'; event: DomainEvents['like.added'] } | { name: 'like.removed'; event: DomainEvents['like.removed'] };

export const LIKE_MESSAGES = { liked: 'Post liked.', unliked: 'Like removed.' } as const;

type Kind = 'like' | 'boost';
type Post = NonNullable<Awaited<ReturnType<typeof findPostFor>>>;

export function createLikesService(db: Kysely<DB>, events: DomainEventBus) {
  /**
   * Makes or takes back `actorId`'s like (or boost, from the fediverse: a row of likes of its own kind,
   * not counted) of the post, with its notification, its event and the count, in `trx`. Idempotent; the
   * count moves only when a row was really inserted or deleted, in the same transaction, so under
   * concurrent likes and unlikes it always equals the rows. The count is moved last, just before the
   * commit: its row is the post's, which every like of a popular post locks, so it is held for one
   * statement rather than for the notification's four (ADR 0077). `post`: findPostFor's read (the
   * post and who acts, for the notification: one read).
   */
  async function react(trx: Kysely<DB>, post: Post, actorId: number, kind: Kind, on: boolean, activityId: string | null) {
    const postId = post.id;
    const now = nowIso();
    let told: Told | null = null;
    let changed = false;
    if (on && (await insertLike(trx, postId, actorId, now, kind, activityId))) {
      changed = true;
      const texts = noticesBy(post.actor);
      await notify.like(trx, post, { actorId, message: kind === 'like' ? texts.like(post.title) : texts.boost(post.title), now, unheard: post.actor.unheard }, kind);
      if (kind === 'like') told = { name: 'like.added', event: { postId, userId: actorId, postApId: post.ap_id } };
    }
    const removed = on ? undefined : await deleteLike(trx, postId, actorId, kind);
    if (removed) {
      changed = true;
      await notify.unlike(trx, post, actorId, kind);
      if (kind === 'like') told = { name: 'like.removed', event: { postId, userId: actorId, activityId: removed.activity_id } };
    }
    if (told?.name === 'like.added') await events.emit(trx, told.name, told.event);
    if (told?.name === 'like.removed') await events.emit(trx, told.name, told.event);
    const likesCount = await addToLikesCount(trx, postId, changed && kind === 'like' ? (on ? 1 : -1) : 0);
    return { likesCount, told, changed };
  }

  function committed(told: Told | null): void {
    if (told?.name === 'like.added') events.committed(told.name, told.event);
    if (told?.name === 'like.removed') events.committed(told.name, told.event);
  }

  return {
    /** POST /like: any signed-in reader may like any post (the guard has matched user_id to the caller). */
    async setLike(auth: Auth, postId: number, like: boolean): Promise<LikeResponse> {
      const done = await orNotFound(NOT_FOUND.post, () =>
        db.transaction().execute(async (trx) => {
          const post = await findPostFor(trx, postId, auth.userId);
          if (!post) throw notFound(NOT_FOUND.post);
          return react(trx, post, auth.userId, 'like', like, null);
        }),
      );
      committed(done.told);
      return { message: like ? LIKE_MESSAGES.liked : LIKE_MESSAGES.unliked, is_like: like, likes_count: done.likesCount };
    },

    /**
     * A Like or an Announce of a post from an account elsewhere, or its Undo (the inbox: deps.ts
     * SocialActs). Not kept when the post's writer blocked the account. Whether it changed anything.
     */
    async reactFrom(actorId: number, postId: number, kind: Kind, on: boolean, activityId: string): Promise<boolean> {
      const done = await db.transaction().execute(async (trx) => {
        const post = await findPostFor(trx, postId, actorId);
        if (!post || (on && (await hasBlocked(trx, post.user_id, actorId)))) return undefined;
        return react(trx, post, actorId, kind, on, activityId);
      });
      committed(done?.told ?? null);
      return done?.changed ?? false;
    },
  };
}

export type LikesService = ReturnType<typeof createLikesService>;
