import type { Federation } from '@fedify/fedify';
import { Flag } from '@fedify/vocab';
import { REPORT_CATEGORIES, type ReportCategory } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { DomainEventBus, DomainEvents } from '../events/domain-events.ts';
import { INSTANCE_ACTOR } from './actor-member.ts';
import { oweDelivery } from './articles.repository.ts';
import { isBlockedAddress } from './domain-blocks.ts';
import { forwardedCase } from './forward-flags.repository.ts';
import type { PostDeliveries } from './post-deliveries.ts';
import { recipientOf } from './remote-actor.ts';

/** What a forwarded case is owed as (federation_deliveries.subject `flag:<case id>`). */
const FLAG = 'flag';

/** The category a Flag names first in its content, as this server writes it and reads it back. */
const CATEGORY_LINE = /^Category: ([a-z]+)\.\s*/;

/** A Flag's content as this server writes it: the category the reports gave most, then the moderator's words. */
export function flagContent(categories: readonly string[], note: string): string {
  const counts = new Map<string, number>();
  for (const c of categories) counts.set(c, (counts.get(c) ?? 0) + 1);
  const top = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'other';
  return `Category: ${top}.${note ? ` ${note}` : ''}`;
}

/** The category and the words of a Flag's content: one this server (or another Inkwell) wrote keeps its category; any other is 'other'. */
export function readFlagContent(text: string): { category: ReportCategory; words: string } {
  const match = CATEGORY_LINE.exec(text);
  const category = REPORT_CATEGORIES.find((c) => c === match?.[1]);
  return category ? { category, words: text.slice(match![0].length) } : { category: 'other', words: text };
}

/** In the transaction that forwarded the case: its Flag is owed (the command line owes it the same way, and a running server sends it). */
export function oweFlag(trx: Kysely<DB>, event: DomainEvents['case.forwarded']): Promise<void> {
  return oweDelivery(trx, { post_id: null, writer_id: event.subjectId, kind: 'create', subject: `${FLAG}:${event.caseId}`, recipients: null, activity_id: null }, nowIso());
}

/**
 * A case about an account elsewhere, forwarded to its server (ADR 0097): a `Flag` from this server's
 * instance actor naming the account and, when the case is about one, its story, comment or reply there;
 * its content the category (Mastodon sends none and drops any: we keep it, and read it back from another
 * Inkwell) and the moderator's words — never who reported it, nor their notes. Owed in the forwarding
 * transaction, handed to Fedify's queue after it (signed, retried). Nothing goes to a blocked server.
 */
export function forwardFlags(events: DomainEventBus, db: Kysely<DB>, federation: Federation<void>, publicUrl: string, deliveries: PostDeliveries): void {
  events.on('case.forwarded', { owe: oweFlag, start: () => deliveries.wake() });
  deliveries.sendsNotes(FLAG, async ({ id }) => {
    const found = await forwardedCase(db, id);
    if (!found || (await isBlockedAddress(db, found.uri))) return;
    const ctx = federation.createContext(new URL(publicUrl), undefined);
    const actor = ctx.getActorUri(INSTANCE_ACTOR);
    const flag = new Flag({
      id: new URL(`${actor.href}#flags/${id}`),
      actor,
      objects: [new URL(found.uri), ...(found.item ? [new URL(found.item)] : [])],
      content: flagContent(found.categories, found.forward_note),
    });
    await ctx.sendActivity({ identifier: INSTANCE_ACTOR }, recipientOf(found), flag, { preferSharedInbox: true });
  });
}
