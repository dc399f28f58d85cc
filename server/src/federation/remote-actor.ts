import type { Context } from '@fedify/fedify';
import { type Activity, type Actor, type Recipient, isActor } from '@fedify/vocab';
import type { RemoteActorFields, RemoteFollowerRow } from './followers.repository.ts';

/** The longest name or handle kept of a remote actor (longer ones are cut): they are shown, never trusted. */
const MAX_TEXT = 200;
/** The longest address kept; a longer one is not kept at all. */
const MAX_URL = 2048;

/** Text a reader may be shown: control characters gone, whitespace collapsed, at most MAX_TEXT characters. */
function plain(text: string | null | undefined): string | null {
  if (!text) return null;
  const clean = [
    ...text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  ]
    .slice(0, MAX_TEXT)
    .join('');
  return clean || null;
}

/** An http(s) address of a reasonable length, or null (a `javascript:` or `data:` one is never kept). */
export function webAddress(value: URL | { href?: URL | null } | null | undefined): string | null {
  const url = value instanceof URL ? value : value?.href;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.href.length > MAX_URL) return null;
  return url.href;
}

/**
 * What is kept of a remote actor (its row of users): where to deliver to it and what a reader is shown of
 * it, every part checked (it is the other server's word). Null when it has no id or no inbox over
 * http(s), which nothing can be sent to.
 */
export async function remoteActorFields(actor: Actor): Promise<RemoteActorFields | null> {
  const uri = webAddress(actor.id);
  const inbox = webAddress(actor.inboxId);
  if (!uri || !inbox || !actor.id) return null;
  const icon = await actor.getIcon().catch(() => null);
  const username = plain(actor.preferredUsername?.toString())?.replace(/[\s@]/g, '');
  return {
    uri,
    inbox,
    shared_inbox: webAddress(actor.endpoints?.sharedInbox),
    // The handle as Mastodon shows it: the username at the host of the actor's id.
    handle: plain(username ? `@${username}@${actor.id.host}` : actor.id.host)!,
    name: plain(actor.name?.toString()),
    icon_url: webAddress(icon?.url as URL | { href?: URL | null } | null | undefined),
    url: webAddress(actor.url as URL | { href?: URL | null } | null | undefined),
  };
}

/**
 * The activity's actor read back (through Fedify: its cache, its refusal of private addresses) and what
 * is kept of it; null unless it is an actor with the activity's actor id (the one Fedify checked
 * signed it) and an http(s) inbox.
 */
export async function senderOf(ctx: Context<void>, activity: Activity): Promise<{ actor: Actor; fields: RemoteActorFields } | null> {
  if (!activity.actorId) return null;
  const actor = await activity.getActor(ctx);
  if (!actor || !isActor(actor) || actor.id?.href !== activity.actorId.href) return null;
  const fields = await remoteActorFields(actor);
  return fields ? { actor, fields } : null;
}

/** Where a remote actor is delivered to, as kept: its id, its inbox and its server's shared inbox. */
export type RemoteAddress = Pick<RemoteFollowerRow, 'uri' | 'inbox' | 'shared_inbox'>;

/** The kept addresses as Fedify's recipient (the shared inbox used when the delivery prefers it). */
export function recipientOf(row: RemoteAddress): Recipient {
  return { id: new URL(row.uri), inboxId: new URL(row.inbox), endpoints: row.shared_inbox ? { sharedInbox: new URL(row.shared_inbox) } : null };
}
