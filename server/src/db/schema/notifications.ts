import type { Generated } from 'kysely';

/** What members are told: notifications, help requests, their mails and the outbox, new stories' fan-out. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  actor_id: number | null;
  /** 'post': a member the recipient follows published post_id (one per post and member); 'boost': an account elsewhere boosted post_id (0052). */
  type: 'follow' | 'responses' | 'like' | 'comment' | 'post' | 'boost';
  post_id: number | null;
  /** The comment or reply the notification tells of (it goes with them); null for likes, follows, older rows. */
  comment_id: number | null;
  reply_id: number | null;
  /** The help request a 'responses' notification answers. */
  help_request_id: number | null;
  /** The report a 'responses' notification tells the outcome of (migration 0062). */
  report_id: Generated<number | null>;
  message: string;
  /** When the member saw it (opened /notifications); null while unseen. */
  read_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface HelpRequestsTable {
  id: Generated<number>;
  user_id: number;
  message: string;
  status: Generated<string>;
  created_at: string;
  /** An operator's answer (npm run admin -- help:answer), sent to the member as a 'responses' notification. */
  answer: string | null;
  answered_at: string | null;
  /** The member of staff who answered (migration 0075); null from the command line. */
  answered_by: Generated<number | null>;
}

/** A notification waiting to be mailed; the digest worker gathers them per member and kind. */
export interface NotificationMailsTable {
  notification_id: number;
  user_id: number;
  kind: 'like' | 'comment' | 'follow' | 'help' | 'post';
  created_at: string;
}

/**
 * A published post whose followers are still to be told (migration 0021): written in the publishing
 * transaction, removed once the fan-out is done; `claimed_until` while a process is at it.
 */
export interface PostFanoutsTable {
  post_id: number;
  created_at: string;
  claimed_until: string | null;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** Extra headers as a JSON object (List-Unsubscribe…), or null. */
  headers: string | null;
}

/** One address on a writer's newsletter list (migration 0026; contract: schemas/newsletters.ts). */
export interface NewsletterSubscribersTable {
  id: Generated<number>;
  writer_id: number;
  /** Trimmed and lower-cased. */
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed' | 'suppressed';
  source: 'profile' | 'story' | 'follow' | 'settings' | 'import';
  /** The member who subscribed with their own account's address. */
  member_id: number | null;
  /** SHA-256 (hex) of the confirmation link's token, while one is out. */
  confirm_token_hash: string | null;
  confirm_sent_at: string | null;
  created_at: string;
  confirmed_at: string | null;
  /** When it was unsubscribed or suppressed. */
  ended_at: string | null;
}

/** A story mailed to its writer's subscribers (migration 0027). */
export interface NewsletterSendsTable {
  post_id: number;
  writer_id: number;
  status: 'queued' | 'sending' | 'sent';
  /** How many subscribers it was listed for. */
  recipients: Generated<number>;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** One story's mail to one subscriber (migration 0027). */
export interface NewsletterDeliveriesTable {
  id: Generated<number>;
  post_id: number;
  subscriber_id: number;
  status: 'pending' | 'sent' | 'failed' | 'bounced';
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  /** Made once: a retry carries the same Message-ID. */
  message_id: string;
  last_error: string | null;
  sent_at: string | null;
  /** When the reader unsubscribed with this very mail's link. */
  unsubscribed_at: string | null;
}
