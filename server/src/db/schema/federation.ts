import type { Generated } from 'kysely';

/** What Fedify keeps for ActivityPub federation (migration 0028): its key–value store and its message queue; our actors' keys (0029); remote actors and their follows (0030); stories owed to the fediverse (0031); blocked servers (0032); likes and boosts from there (0033); replies from there (0035). */
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

/** An actor of another fediverse server (migration 0030), by its id (`uri`), as last read. */
export interface RemoteActorsTable {
  id: Generated<number>;
  uri: string;
  inbox: string;
  shared_inbox: string | null;
  /** `@name@host`. */
  handle: string;
  name: string | null;
  icon_url: string | null;
  /** Its profile page. */
  url: string | null;
  updated_at: string;
  /** Its row of `users` (migration 0046, ADR 0083): the bridge by which the remote_* tables are folded. */
  user_id: number | null;
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
}

/** A like or boost of a story by a remote actor (migration 0033), by the activity whose id an Undo names. */
export interface RemoteReactionsTable {
  id: Generated<number>;
  post_id: number;
  actor_id: number;
  kind: 'like' | 'announce';
  activity_uri: string;
  created_at: string;
}

/** A story (an Article or a Note, not a reply) of an account of another server members follow (migration 0039). */
export interface RemoteStoriesTable {
  id: Generated<number>;
  actor_id: number;
  object_uri: string;
  url: string | null;
  title: string | null;
  summary: string | null;
  /** Sanitized HTML. */
  content: string;
  published_at: string;
  updated_at: string;
}

/** A member's like of a story from another server (migration 0040), by the Like sent. */
export interface RemoteStoryLikesTable {
  user_id: number;
  story_id: number;
  like_uri: string;
  created_at: string;
}

/** A member's reply to a story from another server (migration 0041), plain text; its Note is /ap/notes/s<id>. */
export interface RemoteStoryRepliesTable {
  id: Generated<number>;
  story_id: number;
  user_id: number;
  body: string;
  created_at: string;
}

/**
 * A reply from the fediverse shown as a comment on a story (migration 0035, ADR 0073): a Note from a
 * remote actor (actor_id, note_uri), or a member's answer to one (user_id). thread_id null: it answers
 * the story; else the thread's first comment, and reply_to_id the one it answers. Left empty since
 * 0054 (its rows are comments and replies, with their Note's ap_id); dropped in step 6 of the fold.
 */
export interface RemoteCommentsTable {
  id: Generated<number>;
  post_id: number;
  actor_id: number | null;
  user_id: number | null;
  thread_id: number | null;
  reply_to_id: number | null;
  note_uri: string | null;
  /** The Note's page on its server. */
  url: string | null;
  /** Plain text (made from the Note's HTML). */
  body: string;
  created_at: string;
  updated_at: string;
}
