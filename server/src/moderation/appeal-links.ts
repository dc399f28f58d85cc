import { APPEAL_WINDOW_DAYS, paths } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import { setAppealToken } from './appeals.repository.ts';
import { insertMail, type NewMail } from '../mail/outbox.repository.ts';

/**
 * The link a statement of reasons carries to appeal the action (ADR 0103), made in the action's
 * transaction: a new token, whose SHA-256 alone the action keeps. The link works without a session —
 * a suspended member cannot sign in — and only for that action.
 */
export async function appealLink(trx: Kysely<DB>, actionId: number, publicUrl: string): Promise<string> {
  const token = newToken();
  await setAppealToken(trx, actionId, hashToken(token));
  return new URL(paths.appeal.getHref(token), publicUrl).href;
}

/** Until when an action begun at `startsAt` can be appealed. */
export const appealWindowEnd = (startsAt: string): string => new Date(Date.parse(startsAt) + APPEAL_WINDOW_DAYS * 86_400_000).toISOString();

/** What a statement of reasons needs to offer an appeal: the link and its last day. */
export interface AppealOffer {
  appealUrl: string;
  appealBy: string;
}

/**
 * Queues the statement of reasons for an action, in the action's transaction: a fresh appeal link
 * (`appealLink`), the window's end counted from `startsAt`, and the mail `write` makes of them.
 */
export async function mailStatement(trx: Kysely<DB>, publicUrl: string, action: { id: number; startsAt: string }, write: (offer: AppealOffer) => NewMail): Promise<void> {
  const offer = { appealUrl: await appealLink(trx, action.id, publicUrl), appealBy: appealWindowEnd(action.startsAt) };
  await insertMail(trx, write(offer), action.startsAt);
}
