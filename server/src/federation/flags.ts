import type { InboxContext, InboxListenerSetters } from '@fedify/fedify';
import { Article, Flag, Note } from '@fedify/vocab';
import { REPORT_NOTE_MAX, htmlToPlainText } from '@inkwell/contract';
import type { ServerReport } from '../deps.ts';
import { INSTANCE_ACTOR, numericId } from './actor-member.ts';
import { refusesReportsFrom } from './domain-blocks.ts';
import { readFlagContent } from './forward-flags.ts';
import type { InboxDeps } from './inbox.ts';
import { itemOfNoteId } from './thread-notes.ts';
import { findThreadItem } from './thread.repository.ts';

/** How many of a Flag's objects are read: Mastodon names the account and the statuses picked, a handful. */
const MAX_NAMED = 20;

type Named = Pick<ServerReport, 'kind' | 'targetId'> & { address: string };

/** What an address of ours names: a member's actor, a story, a comment or a reply; undefined for anything else. */
async function namedHere(ctx: InboxContext<void>, deps: InboxDeps, address: URL): Promise<Named | undefined> {
  const parsed = ctx.parseUri(address);
  if (parsed?.type === 'actor') {
    const id = parsed.identifier === INSTANCE_ACTOR ? undefined : numericId(parsed.identifier);
    return id === undefined ? undefined : { kind: 'account', targetId: id, address: address.href };
  }
  if (parsed?.type !== 'object') return undefined;
  if (parsed.class === Article) {
    const id = numericId(parsed.values.id ?? '');
    return id === undefined ? undefined : { kind: 'post', targetId: id, address: address.href };
  }
  if (parsed.class === Note) {
    const by = itemOfNoteId(parsed.values.id ?? '');
    const item = by && (await findThreadItem(deps.database.db, by));
    return item?.member ? { kind: item.kind, targetId: item.id, address: address.href } : undefined;
  }
  return undefined;
}

/**
 * The one thing a Flag is about: the only story, comment or reply it names; else the member's account it
 * names (Mastodon's shape: the account, then the statuses picked, none or several); else the first thing
 * named. The other stories, comments and replies named go into the note as their addresses, for the
 * moderators to open (the account is the case's subject either way).
 */
function aboutOne(named: readonly Named[]): { about: Named; others: Named[] } | undefined {
  const items = named.filter((n) => n.kind !== 'account');
  const about = items.length === 1 ? items[0]! : (named.find((n) => n.kind === 'account') ?? named[0]);
  return about ? { about, others: named.filter((n) => n !== about && n.kind !== 'account') } : undefined;
}

/** The Flag's words as plain text, then the other addresses it named, within a report's note. */
function noteOf(said: string, others: readonly Named[]): string {
  const also = others.length ? `${said ? '\n\n' : ''}It also names: ${others.map((n) => n.address).join(' ')}` : '';
  const text = `${said}${also}`;
  return text.length > REPORT_NOTE_MAX ? `${text.slice(0, REPORT_NOTE_MAX - 1).trimEnd()}…` : text;
}

/**
 * Reports from other servers (ADR 0095): a `Flag` (Mastodon's and GoToSocial's shape, the instance actor
 * naming an account and statuses; Misskey's, one object as a string) about a member or what a member
 * wrote becomes a report in that thing's one case, attributed to the sending server (its host) — the
 * person who reported it there is not named to us, nor kept. One case or none per Flag: nothing of ours
 * named, a Flag of a blocked server, or one whose id is not on its actor's server is dropped; a second
 * delivery of the same Flag makes nothing. Its category is 'other' (Mastodon sends none) unless another
 * Inkwell named it first in the content; its words, cut to a report's note, are the moderators' to read.
 */
export function listenForFlags(inbox: InboxListenerSetters<void>, deps: InboxDeps): InboxListenerSetters<void> {
  return inbox.on(Flag, async (ctx, flag) => {
    const actor = flag.actorId;
    if (!flag.id || !actor || ctx.parseUri(actor) || flag.id.origin !== actor.origin) return;
    // A suspended server's reports, or those of one whose reports are refused, make no case (ADR 0108).
    if (await refusesReportsFrom(deps.database.db, actor)) return;
    const named: Named[] = [];
    for (const address of flag.objectIds.slice(0, MAX_NAMED)) {
      const found = await namedHere(ctx, deps, address);
      if (found && !named.some((n) => n.kind === found.kind && n.targetId === found.targetId)) named.push(found);
    }
    const one = aboutOne(named);
    if (!one) return;
    const said = htmlToPlainText(flag.content?.toString() ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    // Another Inkwell's Flag names its category first (forward-flags.ts); any other's is 'other'.
    const { category, words } = readFlagContent(said);
    const report = { server: actor.host, apId: flag.id.href, kind: one.about.kind, targetId: one.about.targetId, category, note: noteOf(words, one.others) };
    const outcome = await deps.acts.reportFromServer(report);
    deps.log.info({ flag: flag.id.href, server: actor.host, kind: report.kind, target: report.targetId, outcome }, 'a report from another server');
  });
}
