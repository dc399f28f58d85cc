import type { Database } from '../db/database.ts';
import { hasBlockedRemote } from './remote-blocks.repository.ts';

/**
 * Whether the member blocked the account with this actor uri: the inbox's listeners ask before they
 * keep anything (follows.ts, reactions.ts, replies.ts). A block itself is the ordinary /block call
 * (social/blocks.service.ts: one graph, ADR 0083); what it tells the account's server is
 * member-follows.ts's.
 */
export function blockedBy(database: Database, userId: number, actorUri: URL): Promise<boolean> {
  return hasBlockedRemote(database.db, userId, actorUri.href);
}
