import type { Kysely } from 'kysely';
import type { CaseDecision, DB } from '../db/schema.ts';

/**
 * What a write says happened (ADR 0084): the one list of domain events. A service that writes says
 * what happened; the modules that care declare, each for itself, what they do about it (a
 * notification, a mail, a delivery to the fediverse). Neither knows the other: app.ts only hands the
 * same bus to both.
 */
export interface DomainEvents {
  /** A post was published (by its writer, or by the scheduler from a draft); with `email`, its writer's subscribers are to be mailed. */
  'story.published': { postId: number; writerId: number; email: boolean };
  /** A published post was edited or deleted. */
  'story.changed': { postId: number; writerId: number; kind: 'update' | 'delete' };
  /** A member's account is being deleted: emitted before its rows go, in the same transaction. */
  'account.deleting': { userId: number };
  /**
   * Someone commented on a post (`replyId` null), or replied in a comment's thread (`replyId`, of the
   * comment `commentId`): a member, or an account elsewhere (`elsewhere`: its reply came from there).
   */
  'comment.added': { postId: number; writerId: number; commentId: number; replyId: number | null; elsewhere?: boolean };
  /** A reader (a member, or an account elsewhere by its Like) liked a post (a row of likes of kind 'like' was made); `postApId` its id elsewhere when it is a story of an account elsewhere. */
  'like.added': { postId: number; userId: number; postApId: string | null };
  /** A reader's like of a post went, in the same transaction; `activityId` the Like it was sent as (to a story elsewhere), or null. */
  'like.removed': { postId: number; userId: number; activityId: string | null };
  /**
   * A member asked to follow an account elsewhere (a row of follow_requests, made now or waiting since
   * an earlier ask: its server may have lost the Follow), in the same transaction; its server is to be
   * sent the Follow, and its Accept makes it a follow.
   */
  'follow.requested': { followerId: number; followingId: number };
  /**
   * A follow ended (an unfollow, a block, a follower removed), accepted or still waiting for its
   * Accept, in the same transaction; `activityId` the Follow it was made by when an account elsewhere
   * was one of the two (its server is told: an Undo or a Reject), null between members. `undone`: the
   * account elsewhere ended it itself (its Undo), so its server is not told.
   */
  'follow.removed': { followerId: number; followingId: number; activityId: string | null; undone?: boolean };
  /** A comment (with its replies: `replyId` null) or one reply is being removed: emitted before the rows go, in the same transaction. */
  'comment.removing': { postId: number; commentId: number; replyId: number | null };
  /**
   * A member's comment (`replyId` null) or reply was written held for review (ADR 0099), in the same
   * transaction: nobody was told and nothing counted it; `reason` says why, for the case it opens.
   */
  'comment.held': { postId: number; writerId: number; commentId: number; replyId: number | null; reason: string };
  /** A moderator decided a case about a thing (`targetKind`, `targetId`), in the deciding transaction. */
  'case.decided': { caseId: number; targetKind: 'post' | 'comment' | 'reply' | 'account'; targetId: number; decision: CaseDecision };
  /**
   * A hide by the moderators of a comment or reply was lifted (by hand or by its end), in the lifting
   * transaction: it comes back into sight — for the first time when it had been held (`announce`).
   */
  /** `backTo`: the story's writer had hidden it before the moderators did (ADR 0113): it goes back to that, not into sight. */
  'writing.unhidden': { kind: 'comment' | 'reply'; id: number; announce: boolean; backTo?: 'author' };
  /** A case about an account elsewhere forwarded to its server (issue 47): owed as a Flag from this server. */
  'case.forwarded': { caseId: number; subjectId: number };
}

export type EventName = keyof DomainEvents;

/**
 * A module's reaction to an event, in two halves:
 * - `owe`, in the writing transaction: what the module must do is written down (a row a worker takes
 *   up), so it commits with the write or not at all, and a crash between the two loses nothing;
 * - `start`, once that transaction committed: the work begins in the background. It must not throw:
 *   what fails there stays owed, and a worker takes it up again.
 */
export interface Reaction<E> {
  owe(trx: Kysely<DB>, event: E): Promise<void>;
  start?(event: E): void;
}

/** The bus: reactions are declared once, at start; every write emits through it. */
export class DomainEventBus {
  readonly #reactions = new Map<EventName, Array<Reaction<never>>>();

  /** Declares a reaction to `name`; reactions run in the order they were declared. */
  on<K extends EventName>(name: K, reaction: Reaction<DomainEvents[K]>): void {
    const list = this.#reactions.get(name) ?? [];
    list.push(reaction as Reaction<never>);
    this.#reactions.set(name, list);
  }

  /** In the writing transaction: every reaction owes its part (one that throws rolls the write back). */
  async emit<K extends EventName>(trx: Kysely<DB>, name: K, event: DomainEvents[K]): Promise<void> {
    for (const reaction of this.#of(name)) await reaction.owe(trx, event);
  }

  /** Once that transaction committed: every reaction starts its work. */
  committed<K extends EventName>(name: K, event: DomainEvents[K]): void {
    for (const reaction of this.#of(name)) reaction.start?.(event);
  }

  /** How many reactions `name` has (for a start-up check and tests). */
  reactionsTo(name: EventName): number {
    return this.#of(name).length;
  }

  #of<K extends EventName>(name: K): Array<Reaction<DomainEvents[K]>> {
    return (this.#reactions.get(name) ?? []) as Array<Reaction<DomainEvents[K]>>;
  }
}
