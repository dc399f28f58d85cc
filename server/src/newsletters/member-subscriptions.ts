import type { Acting } from '../access/policy.ts';
import type { NewsletterFollowingResponse, NewsletterMemberResponse } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { notFound, validationError } from '../lib/errors.ts';
import * as own from './member-subscriptions.repository.ts';
import { writerName } from './newsletter-mails.ts';
import type { Newsletters } from './newsletters.service.ts';
import * as repo from './newsletters.repository.ts';
import { normaliseEmail } from '../lib/email-address.ts';

export const FOLLOWED_WRITERS_PAGE = 50;

/** A page cursor: the last row's follow time and writer id. */
const readCursor = (cursor: string | undefined) => {
  if (cursor === undefined) return null;
  const m = /^(\d{4}-\d\d-\d\dT[\d:.]+Z)~(\d{1,10})$/.exec(cursor);
  if (!m) throw validationError({ cursor: ['The cursor is invalid.'] });
  return { at: m[1]!, id: Number(m[2]) };
};

/**
 * A member's own subscriptions (issue 29): the tick beside Follow and the per-writer ticks of
 * Settings › Notification. Subscribing goes through the subscribe call's own rules (a verified address
 * at once, an unverified one asked to confirm); ending takes the member's address off that list.
 */
export function createMemberSubscriptions({ db, newsletters }: { db: Kysely<DB>; newsletters: Newsletters }) {
  async function address(memberId: number) {
    const member = await repo.findMemberAddress(db, memberId);
    if (!member) throw notFound('This member was not found.');
    return { email: normaliseEmail(member.email), verified: member.email_verified_at !== null };
  }

  return {
    async status(memberId: Acting, writerId: number) {
      const { email } = await address(memberId);
      return { email: await own.ownStatus(db, writerId, memberId, email) };
    },

    async set(memberId: Acting, body: { writer_id: number; subscribed: boolean; source?: 'follow' | 'settings' }): Promise<NewsletterMemberResponse> {
      if (body.subscribed) {
        const done = await newsletters.subscribe(memberId, { writer_id: body.writer_id, source: body.source ?? 'settings' });
        return { message: done.message, email: done.status };
      }
      const writer = await repo.findWriter(db, body.writer_id);
      if (!writer) throw notFound('This writer was not found.');
      const { email } = await address(memberId);
      await own.endOwn(db, writer.id, memberId, email, nowIso());
      return { message: `You will no longer get new stories by ${writerName(writer)} by email.`, email: null };
    },

    async following(memberId: Acting, cursor: string | undefined): Promise<NewsletterFollowingResponse> {
      const { email, verified } = await address(memberId);
      const rows = await own.followedWriters(db, memberId, email, readCursor(cursor), FOLLOWED_WRITERS_PAGE + 1);
      const page = rows.slice(0, FOLLOWED_WRITERS_PAGE);
      const last = page.at(-1);
      return {
        address: email,
        verified,
        writers: page.map((r) => ({
          id: r.id,
          name: r.name,
          user_name: r.username,
          profile_picture: r.profile_picture,
          email: r.email_status === 'confirmed' || r.email_status === 'pending' ? r.email_status : null,
        })),
        next_cursor: rows.length > FOLLOWED_WRITERS_PAGE && last ? `${last.followed_at}~${last.id}` : null,
      };
    },
  };
}

export type MemberSubscriptions = ReturnType<typeof createMemberSubscriptions>;
