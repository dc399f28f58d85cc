import { APPEAL_WINDOW_DAYS, paths } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import { setAppealToken } from './appeals.repository.ts';

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
