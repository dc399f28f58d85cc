import type { followResponse } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../db/database';
import type { DB } from '../db/schema';
import { notFound, validationError } from '../lib/errors';
import type { Auth } from '../plugins/session';
import { refuseBlockedFollow } from './blocks.service';
import { NOT_FOUND, orNotFound } from './errors';
import * as repo from './follows.repository';
import { actorName, noticeText, notify } from '../notifications/notify';
import { findActiveUser, findUserName } from './targets.repository';

type FollowResponse = z.infer<typeof followResponse>;

export const FOLLOW_MESSAGES = {
  followed: 'You are now following this writer.',
  unfollowed: 'You have unfollowed this writer.',
  following: 'You follow this writer.',
  notFollowing: 'You do not follow this writer.',
  self: 'You cannot follow yourself.',
} as const;

export function createFollowsService(db: Kysely<DB>) {
  return {
    /**
     * POST /follow-unfollow: a signed-in reader follows or unfollows anyone but themselves.
     * Idempotent; both counters move only when a row was really inserted or deleted, in its transaction.
     */
    async setFollowing(auth: Auth, followId: number, follow: boolean): Promise<FollowResponse> {
      if (followId === auth.userId) throw validationError({ follow_id: [FOLLOW_MESSAGES.self] });
      return orNotFound(NOT_FOUND.user, () =>
        db.transaction().execute(async (trx) => {
          if (!(await findActiveUser(trx, followId))) throw notFound(NOT_FOUND.user);
          if (follow) await refuseBlockedFollow(trx, auth.userId, followId);
          const now = nowIso();
          const changed = follow
            ? await repo.insertFollow(trx, auth.userId, followId, now)
            : await repo.deleteFollow(trx, auth.userId, followId);
          if (changed) await repo.addToFollowCounts(trx, auth.userId, followId, follow ? 1 : -1);
          if (changed && follow) {
            const message = noticeText.follow(actorName(await findUserName(trx, auth.userId)));
            await notify.follow(trx, { recipient: followId, actorId: auth.userId, message, now });
          }
          if (changed && !follow) await notify.unfollow(trx, followId, auth.userId);
          return {
            message: follow ? FOLLOW_MESSAGES.followed : FOLLOW_MESSAGES.unfollowed,
            is_following: follow,
            followers_count: await repo.getFollowersCount(trx, followId),
          };
        }),
      );
    },

    /** POST /is-following: whether the caller follows that user. */
    async isFollowing(auth: Auth, followId: number): Promise<FollowResponse> {
      const user = await findActiveUser(db, followId);
      if (!user) throw notFound(NOT_FOUND.user);
      const following = await repo.isFollowing(db, auth.userId, followId);
      return {
        message: following ? FOLLOW_MESSAGES.following : FOLLOW_MESSAGES.notFollowing,
        is_following: following,
        followers_count: user.followers_count,
      };
    },
  };
}

export type FollowsService = ReturnType<typeof createFollowsService>;
