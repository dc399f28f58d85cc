import { FOLLOW_LIST_PAGE_SIZE, type FollowListPage, MAX_ID, type followResponse } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { type Database, nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { HiddenAuthors } from '../deps.ts';
import { notFound, validationError } from '../lib/errors.ts';
import type { Auth } from '../plugins/session.ts';
import { refuseBlockedFollow } from './blocks.service.ts';
import { NOT_FOUND, orNotFound } from './errors.ts';
import * as repo from './follows.repository.ts';
import { actorName, noticeText, notify } from '../notify/notify.ts';
import { findActiveUser, findFollowTarget } from './targets.repository.ts';
import { truthy } from '../lib/post-card.ts';

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
     * Idempotent; both counters move only when a row was really inserted or deleted, in its transaction,
     * last, just before the commit: their rows (the followed member's above all) are locked by every
     * follow of them, so held for those statements only, not for the notification's (ADR 0077).
     */
    async setFollowing(auth: Auth, followId: number, follow: boolean): Promise<FollowResponse> {
      if (followId === auth.userId) throw validationError({ follow_id: [FOLLOW_MESSAGES.self] });
      return orNotFound(NOT_FOUND.user, () =>
        db.transaction().execute(async (trx) => {
          // The member, the follower's name and the blocks between them: one read.
          const target = await findFollowTarget(trx, followId, auth.userId);
          if (!target) throw notFound(NOT_FOUND.user);
          if (follow) refuseBlockedFollow(target);
          const now = nowIso();
          const changed = follow ? await repo.insertFollow(trx, auth.userId, followId, now) : await repo.deleteFollow(trx, auth.userId, followId);
          if (changed && follow) {
            const message = noticeText.follow(actorName(target.actor_name));
            await notify.follow(trx, { recipient: followId, actorId: auth.userId, message, now });
          }
          if (changed && !follow) await notify.unfollow(trx, followId, auth.userId);
          return {
            message: follow ? FOLLOW_MESSAGES.followed : FOLLOW_MESSAGES.unfollowed,
            is_following: follow,
            // Unchanged, the count read with the member above.
            followers_count: changed ? await repo.addToFollowCounts(trx, auth.userId, followId, follow ? 1 : -1) : target.followers_count,
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

/** Where a list starts: after every follow there is. */
const LIST_START = { at: '9999-12-31T23:59:59.999Z', id: MAX_ID };
/** How many more stored pages a list page may read to fill itself when hidden people were left out. */
const MAX_EXTRA_READS = 4;

export type FollowList = 'followers' | 'following';
export type FollowListCursor = typeof LIST_START;

/**
 * POST /followers and /following: a member's lists as the viewer (0: a visitor) may see them, newest
 * follow first. Deactivated members and those the viewer blocked are left out; a page whose stored
 * rows held some reads the next ones to fill itself, a few reads at most (as feeds do).
 */
export function createFollowListsService(database: Database, hiddenAuthors: HiddenAuthors) {
  return {
    async list(list: FollowList, viewer: number, memberId: number, cursor: FollowListCursor = LIST_START): Promise<FollowListPage> {
      const [member, hidden] = await Promise.all([findActiveUser(database.db, memberId), hiddenAuthors(viewer)]);
      if (!member) throw notFound(NOT_FOUND.user);
      const people: FollowListPage['data'] = [];
      let before = cursor;
      let next: FollowListCursor | null = null;
      for (let read = 0; read <= MAX_EXTRA_READS; read += 1) {
        const rows = await repo.followListPage(database, list, viewer, memberId, before);
        const page = rows.slice(0, FOLLOW_LIST_PAGE_SIZE);
        const more = rows.length > FOLLOW_LIST_PAGE_SIZE;
        next = null;
        for (const [i, row] of page.entries()) {
          before = { at: row.followed_at, id: row.id };
          if (!truthy(row.active) || hidden.has(row.id)) continue;
          const { id, name, username, bio, profile_picture, followers_count } = row;
          people.push({ id, name, username, bio, profile_picture, followers_count, is_following: truthy(row.is_following) });
          if (people.length === FOLLOW_LIST_PAGE_SIZE) {
            next = i < page.length - 1 || more ? before : null;
            break;
          }
        }
        if (people.length === FOLLOW_LIST_PAGE_SIZE || !more) break;
        next = before; // a page not yet full whose reads ran out still goes on from where it stopped
      }
      return {
        data: people,
        next_page_url: next === null ? null : `/api/user/${list}?cursor=${encodeURIComponent(`${next.at}|${next.id}`)}`,
      };
    },
  };
}

export type FollowListsService = ReturnType<typeof createFollowListsService>;
