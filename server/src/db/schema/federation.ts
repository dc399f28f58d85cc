import type { Generated } from 'kysely';

/** What Fedify keeps for ActivityPub federation (migration 0028): its key–value store and its message queue; our actors' keys (0029). */
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
