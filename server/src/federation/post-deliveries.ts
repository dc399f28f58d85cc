import type { Context, Federation } from '@fedify/fedify';
import { Article, Delete, PUBLIC_COLLECTION, Tombstone, Update } from '@fedify/vocab';
import type { Kysely } from 'kysely';
import { deferTo, lease } from '../db/claims.ts';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { createOf, federates, toArticle } from './articles.ts';
import { type Delivery, claimDelivery, deleteDelivery, findArticle, oweDelivery } from './articles.repository.ts';
import { findActorMember } from './discovery.repository.ts';
import { listRemoteFollowers } from './followers.repository.ts';
import { type RemoteAddress, recipientOf } from './remote-actor.ts';
import { ActorKeys } from './keys.ts';

interface Logger {
  warn(obj: object, msg: string): void;
}

/** How long a claimed change is held before another process may take it. */
const CLAIM_MS = 60_000;
/** How long a change that could not be handed over waits before it is tried again. */
const RETRY_MS = 5 * 60_000;

/** A member's note owed to the fediverse, as its owner hands it over: kept ('create') or taken back ('delete', with whom it went to). */
export interface NoteChange {
  kind: 'create' | 'delete';
  id: number;
  writerId: number;
  recipients: RemoteAddress[];
  /** What a delete takes back when its row is gone: the Like a member sent (its Undo names it). */
  activityId?: string | null;
}
/** Hands a member's note of one kind over to Fedify's queue (thread-notes.ts, story-likes.ts). */
export type NoteSender = (change: NoteChange) => Promise<void>;

/** A member's note change owed (PostDeliveries.oweNote), also where no federation runs (the command line): a running server sends it. */
export function oweNoteChange(trx: Kysely<DB>, what: string, change: NoteChange): Promise<void> {
  const recipients = change.kind === 'delete' ? addressesJson(change.recipients) : null;
  const activity_id = change.activityId ?? null;
  return oweDelivery(trx, { post_id: null, writer_id: change.writerId, kind: change.kind, subject: `${what}:${change.id}`, recipients, activity_id }, nowIso());
}

/** Whom a delivery goes to, kept in its row as JSON (their rows may be gone by the time it is handed over). */
const addressesJson = (rows: readonly RemoteAddress[]) => JSON.stringify(rows.map(({ uri, inbox, shared_inbox }) => ({ uri, inbox, shared_inbox })));

/**
 * Stories to the fediverse (ADR 0069). A change of a published story (published, edited, deleted) is
 * owed from the transaction that made it (`owe`: a federation_deliveries row), and handed to Fedify
 * once that committed (`wake`, and the federation-deliveries job on every process for what a dead
 * process left): one claimed row at a time, a story's changes in order, each sent to the writer's
 * followers (shared inboxes where they have one) through Fedify's queue, which signs and retries each
 * delivery. A story that is gone or whose writer no longer federates sends nothing; a Delete goes
 * whatever is left of it. Members' notes and likes (comments, replies, likes of stories elsewhere)
 * are owed and handed over the same way, each by the sender its kind registered (`sendsNotes`), a
 * note's (or one member's like's) changes in order.
 */
export class PostDeliveries {
  readonly #db: Kysely<DB>;
  readonly #federation: Federation<void>;
  readonly #publicUrl: string;
  readonly #log: Logger;
  readonly #keys: ActorKeys;
  readonly #notes = new Map<string, NoteSender>();
  #draining: Promise<number> | null = null;
  #again = false;

  constructor(db: Kysely<DB>, federation: Federation<void>, publicUrl: string, log: Logger) {
    this.#db = db;
    this.#federation = federation;
    this.#publicUrl = publicUrl;
    this.#log = log;
    this.#keys = new ActorKeys(db);
  }

  /** In the transaction that changed the story: its writer's followers are owed the change. */
  owe(trx: Kysely<DB>, delivery: Delivery): Promise<void> {
    return oweDelivery(trx, delivery, nowIso());
  }

  /** Notes of the kind `what` are handed over by `send`. */
  sendsNotes(what: string, send: NoteSender): void {
    this.#notes.set(what, send);
  }

  /**
   * In the transaction that kept or removed a member's note of the kind `what`: its change is owed
   * (a delete with whom the note went to, for its rows are gone).
   */
  oweNote(trx: Kysely<DB>, what: string, change: NoteChange): Promise<void> {
    return oweNoteChange(trx, what, change);
  }

  /**
   * In the transaction that deletes a member's account, before their rows go: their fediverse
   * followers are owed a Delete of the actor, and their addresses are kept in the row (the follows go
   * with the account). Nothing when they were no actor (no username) or nobody there follows them.
   */
  async oweAccountDeletion(trx: Kysely<DB>, userId: number): Promise<void> {
    const member = await findActorMember(trx, userId);
    if (!member?.username) return;
    const recipients = await listRemoteFollowers(trx, userId);
    if (recipients.length === 0) return;
    await oweDelivery(trx, { post_id: null, writer_id: userId, kind: 'delete-actor', recipients: addressesJson(recipients) }, nowIso());
  }

  /** After the commit: hands over what is owed, in the background. */
  wake(): void {
    void this.drain().catch((err: unknown) => this.#log.warn({ err }, 'handing stories to the fediverse failed; the next round tries again'));
  }

  /** Hands every owed change over; resolves to how many it handed. One drain at a time per process (a call during one runs it again after). */
  drain(): Promise<number> {
    if (this.#draining) {
      this.#again = true;
      return this.#draining;
    }
    const run = async () => {
      let handed = 0;
      do {
        this.#again = false;
        for (let delivery; (delivery = await claimDelivery(this.#db, lease(CLAIM_MS)));) {
          try {
            await this.#send(delivery);
          } catch (err) {
            // Held a while longer, then tried again; the rows behind it go on meanwhile (but not a
            // later change of the same story, which waits for this one).
            this.#log.warn({ err, delivery: delivery.id }, 'handing a change to the fediverse failed; it is tried again later');
            await deferTo(this.#db, 'federation_deliveries', delivery.id, lease(RETRY_MS).until);
            continue;
          }
          await deleteDelivery(this.#db, delivery.id);
          handed += 1;
        }
      } while (this.#again);
      return handed;
    };
    this.#draining = run().finally(() => (this.#draining = null));
    return this.#draining;
  }

  async #send(delivery: Delivery & { id: number }): Promise<void> {
    if (delivery.subject) return this.#sendNote(delivery);
    const ctx = this.#federation.createContext(new URL(this.#publicUrl), undefined);
    const writer = String(delivery.writer_id);
    if (delivery.kind === 'delete-actor') return this.#sendAccountDeletion(ctx, writer, delivery.recipients);
    const articleId = ctx.getObjectUri(Article, { id: String(delivery.post_id) });
    // One story's activities reach each server in the order they were made.
    const options = { preferSharedInbox: true, orderingKey: articleId.href };
    if (delivery.kind === 'delete') {
      const member = await findActorMember(this.#db, delivery.writer_id);
      if (!member?.username || member.deactivated_at) return;
      const activity = new Delete({
        id: new URL(`${articleId.href}#delete`),
        actor: ctx.getActorUri(writer),
        object: new Tombstone({ id: articleId }),
        to: PUBLIC_COLLECTION,
        cc: ctx.getFollowersUri(writer),
      });
      await ctx.sendActivity({ identifier: writer }, 'followers', activity, options);
      return;
    }
    const row = await findArticle(this.#db, delivery.post_id!);
    if (!federates(row)) return;
    const activity =
      delivery.kind === 'create'
        ? createOf(ctx, row, this.#publicUrl)
        : (() => {
            const article = toArticle(ctx, row, this.#publicUrl);
            return new Update({
              id: new URL(`${articleId.href}#update-${Date.parse(row.updated_at)}`),
              actor: article.attributionId,
              object: article,
              tos: article.toIds,
              ccs: article.ccIds,
            });
          })();
    await ctx.sendActivity({ identifier: writer }, 'followers', activity, options);
  }

  /** A member's note, by the sender of its kind (a row of a kind nobody sends is logged and dropped). */
  async #sendNote(delivery: Delivery & { id: number }): Promise<void> {
    const [what = '', id = ''] = delivery.subject!.split(':');
    const send = this.#notes.get(what);
    const kind = delivery.kind;
    if (!send || (kind !== 'create' && kind !== 'delete') || !/^\d+$/.test(id)) {
      this.#log.warn({ delivery: delivery.id, subject: delivery.subject, kind }, 'a note owed to the fediverse is of no kind this server sends; dropped');
      return;
    }
    const recipients = JSON.parse(delivery.recipients ?? '[]') as RemoteAddress[];
    await send({ kind, id: Number(id), writerId: delivery.writer_id, recipients, activityId: delivery.activity_id ?? null });
  }

  /**
   * Delete of the actor to the followers it had, signed with its stored keys: the account is gone, so
   * Fedify's key dispatcher (which asks for a member) has none for it.
   */
  async #sendAccountDeletion(ctx: Context<void>, writer: string, recipients: string | null | undefined): Promise<void> {
    const actor = ctx.getActorUri(writer);
    const to = (JSON.parse(recipients ?? '[]') as RemoteAddress[]).map(recipientOf);
    if (to.length === 0) return;
    const senders = (await this.#keys.pairs(writer)).map((pair, i) => ({ privateKey: pair.privateKey, keyId: new URL(i === 0 ? '#main-key' : `#key-${i + 1}`, actor) }));
    const activity = new Delete({ id: new URL(`${actor.href}#delete`), actor, object: actor, to: PUBLIC_COLLECTION });
    await ctx.sendActivity(senders, to, activity, { preferSharedInbox: true });
  }
}
