import { randomUUID } from 'node:crypto';
import type { Context, Federation, SendActivityOptions } from '@fedify/fedify';
import { type Activity, Delete, PUBLIC_COLLECTION, type Recipient, Tombstone } from '@fedify/vocab';

/** A member acting on the fediverse: a context of the federation, their actor's address, and a way to send as them. */
export interface MemberActs {
  ctx: Context<void>;
  /** Their actor (`/ap/users/<id>`). */
  me: URL;
  /** A fresh id of an activity of theirs, `<actor>#<kind>/<uuid>` (likes, undos, rejects, follows). */
  newId(kind: string): URL;
  /** Queues the activity, signed with their keys, to the recipients' inboxes (Fedify's queue retries it). */
  send(recipients: Recipient | Recipient[], activity: Activity, options?: SendActivityOptions): Promise<void>;
}

/** What the member `userId` does on the fediverse goes through this (answers, follows, likes, replies, rejects). */
export function actAs(federation: Federation<void>, publicUrl: URL | string, userId: number): MemberActs {
  const ctx = federation.createContext(new URL(publicUrl));
  const identifier = String(userId);
  const me = ctx.getActorUri(identifier);
  return {
    ctx,
    me,
    newId: (kind) => new URL(`#${kind}/${randomUUID()}`, me),
    send: (recipients, activity, options) => ctx.sendActivity({ identifier }, recipients, activity, options),
  };
}

/** A Note of the member taken back: a Delete of it as a Tombstone (`cc`: whom it was addressed to besides the public). */
export function deletionOf(noteId: URL, actor: URL, cc?: URL): Delete {
  return new Delete({ id: new URL(`${noteId.href}#delete`), actor, object: new Tombstone({ id: noteId }), to: PUBLIC_COLLECTION, ...(cc ? { cc } : {}) });
}
