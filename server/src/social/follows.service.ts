import { FOLLOWER_NOT_LISTED, FOLLOWER_REMOVED, FOLLOW_LIST_PAGE_SIZE, type FollowListPage, MAX_ID, type followResponse } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { type Database, nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { HiddenAuthors } from '../deps.ts';
import { forbidden, notFound, validationError } from '../lib/errors.ts';
import { endFollow } from '../db/follow-state.repository.ts';
import type { DomainEventBus, DomainEvents } from '../events/domain-events.ts';
import type { Auth } from '../plugins/session.ts';
import { refuseBlockedFollow } from './blocks.service.ts';
import { type FollowRemoved, endFollowSaying } from './end-follow.ts';
import { NOT_FOUND, orNotFound } from './errors.ts';
import * as repo from './follows.repository.ts';
import { noticesBy, notify } from '../notify/notify.ts';
import { findActiveUser, findFollowTarget } from './targets.repository.ts';
import { truthy, writtenElsewhere } from '../lib/post-card.ts';

type FollowResponse = z.infer<typeof followResponse>;

export const FOLLOW_MESSAGES = {
  followed: 'You are now following this writer.',
  unfollowed: 'You have unfollowed this writer.',
  following: 'You follow this writer.',
  notFollowing: 'You do not follow this writer.',
  self: 'You cannot follow yourself.',
  /** An account elsewhere (ADR 0085). */
  asked: (handle: string) => `Asked to follow ${handle}: you follow them once their server says yes.`,
  followingElsewhere: (handle: string) => `You follow ${handle}.`,
  unfollowedElsewhere: 'You no longer follow this account.',
  youBlockedElsewhere: 'You blocked this account. Unblock it in Settings › Blocked Users to follow it.',
  noFederation: 'This site does not follow accounts of other servers.',
} as const;

type FollowTarget = NonNullable<Awaited<ReturnType<typeof findFollowTarget>>>;
type Told = { name: 'follow.requested'; event: DomainEvents['follow.requested'] } | { name: 'follow.removed'; event: DomainEvents['follow.removed'] };

/** Says what a follow of an account elsewhere caused: in the transaction (`trx`), or once it committed (none). */
async function tell(events: DomainEventBus, told: Told, trx?: Kysely<DB>): Promise<void> {
  const { name, event } = told as { name: 'follow.removed'; event: DomainEvents['follow.removed'] };
  if (trx) await events.emit(trx, name, event);
  else events.committed(name, event);
}

/**
 * `federates`: whether this server follows accounts elsewhere (FEDERATION on); without it, asking to
 * follow one is refused (nothing would ever send the Follow), though ending a follow still works.
 */
export function createFollowsService(db: Kysely<DB>, events: DomainEventBus, { federates }: { federates: boolean }) {
  /**
   * A follow of an account elsewhere (ADR 0085): asked (a request, `follow.requested`: the federation
   * owes its server the Follow, and refuses in this transaction a member it cannot speak for), then
   * accepted by its server (follow-answers.ts); ended with its counters and `follow.removed` (the Undo).
   */
  async function followElsewhere(trx: Kysely<DB>, auth: Auth, target: FollowTarget, follow: boolean): Promise<{ answer: FollowResponse; told: Told[] }> {
    const handle = target.handle ?? `@${target.domain}`;
    if (!follow) {
      const ended = await endFollow(trx, auth.userId, target.id);
      const told: Told[] = ended ? [{ name: 'follow.removed', event: { followerId: auth.userId, followingId: target.id, activityId: ended.activity_id } }] : [];
      for (const t of told) await tell(events, t, trx);
      const answer = { message: FOLLOW_MESSAGES.unfollowedElsewhere, is_following: false, followers_count: ended?.followers_count ?? target.followers_count, pending: false };
      return { answer, told };
    }
    if (!federates) throw validationError({ follow_id: [FOLLOW_MESSAGES.noFederation] });
    if (truthy(target.follower_blocked)) throw forbidden(FOLLOW_MESSAGES.youBlockedElsewhere);
    const state = await repo.requestFollow(trx, auth.userId, target.id, nowIso());
    // A follow still waiting is asked again (its server may have lost the first Follow), with the same Follow.
    const told: Told[] = state === 'pending' ? [{ name: 'follow.requested', event: { followerId: auth.userId, followingId: target.id } }] : [];
    for (const t of told) await tell(events, t, trx);
    const message = state === 'pending' ? FOLLOW_MESSAGES.asked(handle) : FOLLOW_MESSAGES.followingElsewhere(handle);
    return { answer: { message, is_following: true, followers_count: target.followers_count, pending: state === 'pending' }, told };
  }

  return {
    /**
     * POST /follow-unfollow: a signed-in reader follows or unfollows anyone but themselves, a member or
     * an account elsewhere. Idempotent; both counters move only when a row was really inserted or
     * deleted, in its transaction, last, just before the commit: their rows (the followed member's
     * above all) are locked by every follow of them, so held for those statements only, not for the
     * notification's (ADR 0077).
     */
    async setFollowing(auth: Auth, followId: number, follow: boolean): Promise<FollowResponse> {
      if (followId === auth.userId) throw validationError({ follow_id: [FOLLOW_MESSAGES.self] });
      const { answer, told } = await orNotFound(NOT_FOUND.user, () =>
        db.transaction().execute(async (trx): Promise<{ answer: FollowResponse; told: Told[] }> => {
          // The one followed, the follower's name and the blocks between them: one read.
          const target = await findFollowTarget(trx, followId, auth.userId);
          if (!target) throw notFound(NOT_FOUND.user);
          if (target.domain !== null) return followElsewhere(trx, auth, target, follow);
          if (follow) refuseBlockedFollow(target);
          const now = nowIso();
          const changed = follow ? await repo.insertFollow(trx, auth.userId, followId, now) : await repo.deleteFollow(trx, auth.userId, followId);
          if (changed && follow) {
            const message = noticesBy(target.actor).follow();
            await notify.follow(trx, { recipient: followId, actorId: auth.userId, message, now, unheard: target.actor.unheard });
          }
          if (changed && !follow) await notify.unfollow(trx, followId, auth.userId);
          const answer = {
            message: follow ? FOLLOW_MESSAGES.followed : FOLLOW_MESSAGES.unfollowed,
            is_following: follow,
            // Unchanged, the count read with the member above.
            followers_count: changed ? await repo.addToFollowCounts(trx, auth.userId, followId, follow ? 1 : -1) : target.followers_count,
          };
          return { answer, told: [] };
        }),
      );
      for (const t of told) await tell(events, t);
      return answer;
    },

    /**
     * POST /followers/remove: the member stops someone following them, a member (their notification
     * taken back) or an account elsewhere (`follow.removed`: its server is sent a Reject, as Mastodon
     * removes a follower). 404 when they do not follow the member.
     */
    async removeFollower(auth: Auth, followerId: number): Promise<{ message: string }> {
      const removed = await db.transaction().execute(async (trx) => {
        const ended = await endFollowSaying(trx, events, followerId, auth.userId);
        if (!ended) throw notFound(FOLLOWER_NOT_LISTED);
        return ended;
      });
      events.committed('follow.removed', removed);
      return { message: FOLLOWER_REMOVED };
    },

    /**
     * A Follow of a member from an account elsewhere, or its Undo (the inbox: deps.ts SocialActs), kept
     * as a member's follow with its counters and notification; refused when the member blocked the
     * account (its server is sent a Reject by the inbox). The Undo's end says `follow.removed`, undone.
     */
    async followFrom(actorId: number, memberId: number, follow: boolean, activityId: string): Promise<'followed' | 'unchanged' | 'ended' | 'refused' | 'none'> {
      const { outcome, removed } = await db.transaction().execute(async (trx) => {
        const target = await findFollowTarget(trx, memberId, actorId);
        if (!target || target.domain !== null) return { outcome: 'none' as const };
        if (!follow) {
          const removed = await endFollowSaying(trx, events, actorId, memberId, true);
          return removed ? { outcome: 'ended' as const, removed } : { outcome: 'none' as const };
        }
        if (truthy(target.blocked_follower)) return { outcome: 'refused' as const };
        const now = nowIso();
        if (!(await repo.keepFollowFrom(trx, actorId, memberId, activityId, now))) return { outcome: 'unchanged' as const };
        await notify.follow(trx, { recipient: memberId, actorId, message: noticesBy(target.actor).follow(), now, unheard: target.actor.unheard });
        await repo.addToFollowCounts(trx, actorId, memberId, 1);
        return { outcome: 'followed' as const };
      });
      if (removed) events.committed('follow.removed', removed);
      return outcome;
    },

    /**
     * An account elsewhere's answer to a member's Follow of it (the inbox: deps.ts SocialActs): an
     * Accept makes the request a follow, counted; a Reject (then, or later to end it) ends the request
     * or the follow, as an unfollow does (`follow.removed`, undone: its server needs no Undo).
     */
    async answeredBy(actorId: number, followUri: string, accepted: boolean): Promise<boolean> {
      const { changed, removed } = await db.transaction().execute(async (trx) => {
        if (accepted) {
          const member = await repo.acceptRequest(trx, actorId, followUri, nowIso());
          if (member !== undefined) await repo.addToFollowCounts(trx, member, actorId, 1);
          return { changed: member !== undefined };
        }
        const member = await repo.followerByActivity(trx, actorId, followUri);
        const removed = member === undefined ? undefined : await endFollowSaying(trx, events, member, actorId, true);
        return removed ? { changed: true, removed } : { changed: false };
      });
      if (removed) events.committed('follow.removed', removed);
      return changed;
    },

    /**
     * The operator blocked the server of the account elsewhere `actorId` (a domain block): every follow
     * between it and members ends, both ways, accepted or asked, as an unfollow ends one (counters,
     * the notification taken back, `follow.removed`: nothing reaches a blocked server). Resolves to how
     * many ended.
     */
    async severedFrom(actorId: number): Promise<number> {
      const removed = await db.transaction().execute(async (trx) => {
        const ended: FollowRemoved[] = [];
        for (const pair of await repo.followsWith(trx, actorId)) {
          const one = await endFollowSaying(trx, events, pair.follower_id, pair.following_id);
          if (one) ended.push(one);
        }
        return ended;
      });
      for (const one of removed) events.committed('follow.removed', one);
      return removed.length;
    },

    /** POST /is-following: whether the caller follows that member or account elsewhere (`pending` while its server has not said yes). */
    async isFollowing(auth: Auth, followId: number): Promise<FollowResponse> {
      const user = await findActiveUser(db, followId);
      if (!user) throw notFound(NOT_FOUND.user);
      const state = await repo.followStateOf(db, auth.userId, followId);
      return {
        message: state ? FOLLOW_MESSAGES.following : FOLLOW_MESSAGES.notFollowing,
        is_following: state !== undefined,
        followers_count: user.followers_count,
        ...(user.domain === null ? {} : { pending: state === 'pending' }),
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

/** A row of a list as the contract shows it: a member, or an account elsewhere (`elsewhere`), with whether the viewer follows it or asked to. */
function personOf(row: repo.FollowListRow): FollowListPage['data'][number] {
  const { id, name, username, bio, profile_picture, followers_count, domain, handle, icon_url, profile_url } = row;
  const pending = truthy(row.pending);
  return {
    id,
    name,
    username,
    bio,
    profile_picture,
    followers_count,
    is_following: truthy(row.is_following) || pending,
    elsewhere: writtenElsewhere({ domain, handle, icon_url, profile_url, url: null }),
    ...(pending ? { pending } : {}),
  };
}

/**
 * POST /followers and /following: a member's lists as the viewer (0: a visitor) may see them, newest
 * follow first, members and accounts elsewhere alike (ADR 0085). Deactivated members and those the
 * viewer blocked are left out; a page whose stored rows held some reads the next ones to fill itself,
 * a few reads at most (as feeds do). The first page of one's own following list starts with the
 * follows still waiting for their server's Accept (`pending`).
 */
export function createFollowListsService(database: Database, hiddenAuthors: HiddenAuthors) {
  return {
    async list(list: FollowList, viewer: number, memberId: number, cursor: FollowListCursor = LIST_START): Promise<FollowListPage> {
      const [member, hidden] = await Promise.all([findActiveUser(database.db, memberId), hiddenAuthors(viewer)]);
      if (!member) throw notFound(NOT_FOUND.user);
      const asked = list === 'following' && viewer === memberId && cursor === LIST_START ? await repo.askedFollows(database, memberId) : [];
      const people: FollowListPage['data'] = asked.filter((row) => truthy(row.active) && !hidden.has(row.id)).map(personOf);
      const full = people.length + FOLLOW_LIST_PAGE_SIZE;
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
          people.push(personOf(row));
          if (people.length === full) {
            next = i < page.length - 1 || more ? before : null;
            break;
          }
        }
        if (people.length === full || !more) break;
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
