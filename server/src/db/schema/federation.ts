import type { Generated } from 'kysely';

/** What Fedify keeps for ActivityPub federation (migration 0028): its key–value store and its message queue; our actors' keys (0029); what is owed to the fediverse (0031); blocked servers (0032). An account elsewhere and what it does are rows of the members' tables (the fold, 0046–0058; schema/dropped.ts types the tables it dropped). */
/**
 * One entry of Fedify's key–value store: `key` is the KvKey (an array of strings) as JSON, so
 * ['a', 'b'] and ['a,b'] never meet; `value` is the value as JSON; a row past `expires_at` reads as absent.
 */
export interface FederationKvTable {
  key: string;
  value: string;
  expires_at: string | null;
}

/**
 * One message of Fedify's queue (an activity to send, one received to handle): handled once it is
 * due (`deliver_at`), by the listener that claimed it (`claimed_by` until `claimed_until`), then
 * deleted. Messages of one `ordering_key` are handled one at a time, oldest first.
 */
export interface FederationMessagesTable {
  id: Generated<number>;
  /** The message as JSON. */
  payload: string;
  deliver_at: string;
  ordering_key: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
  created_at: string;
}

/** One key pair of one of our actors (migration 0029): owner is a member's id as text or `instance`; the keys as JWK JSON. */
export interface FederationKeysTable {
  owner: string;
  algorithm: string;
  public_jwk: string;
  private_jwk: string;
  created_at: string;
}

/**
 * A change owed to a writer's fediverse followers (migration 0031), claimed by one process at a time:
 * of a story (post_id), or the deletion of the account ('delete-actor', with the followers' addresses
 * in `recipients` as JSON, for the account's follower rows are gone); or a note of a member owed to
 * accounts elsewhere (`subject`, 0042: 'reply:<replies id>' or 'story-reply:<id>', 'create' or
 * 'delete'; since 0054, 'answer:<n>' is left only for the Delete of an answer published before it as
 * /ap/notes/<n>).
 */
export interface FederationDeliveriesTable {
  id: Generated<number>;
  post_id: number | null;
  writer_id: number;
  kind: 'create' | 'update' | 'delete' | 'delete-actor';
  recipients: string | null;
  claimed_until: string | null;
  created_at: string;
  subject: string | null;
  /** The Like an owed Undo takes back (migration 0056); null otherwise. */
  activity_id: string | null;
}

/** A fediverse domain the operator blocked, subdomains included (migration 0032). */
export interface FederationDomainBlocksTable {
  domain: string;
  created_at: string;
  /** 'suspend' refuses everything; 'silence' limits its accounts (ADR 0112); 'noop' only what the flags below refuse (migration 0074). */
  severity: Generated<'suspend' | 'silence' | 'noop'>;
  reject_media: Generated<number>;
  reject_reports: Generated<number>;
  obfuscate: Generated<number>;
  public_comment: Generated<string>;
  private_comment: Generated<string>;
  updated_at: string | null;
}
