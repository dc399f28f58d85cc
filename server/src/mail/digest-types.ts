import type { MailKind } from '@inkwell/contract';

// What a notification digest mail is made of (notification-templates.ts renders it).

/** Who did it, as a mail shows them. */
export interface DigestActor {
  /** Its row of users: a member's, or an account's of another fediverse server (ADR 0083). */
  id: number;
  /** null when the member has not given a name ('Someone' in the text). */
  name: string | null;
  /** Absolute URL of their picture, or null (a neutral initial/placeholder then). */
  pictureUrl: string | null;
  /** Absolute URL of their profile. */
  profileUrl: string;
}

/** The post a like, comment or reply is about, or the new story. */
export interface DigestPost {
  id: number;
  title: string;
  /** Its sub title (shown under a new story's title); optional. */
  subtitle?: string | null;
  /** Absolute URL of its cover (the default picture when it has none). */
  coverUrl: string;
  /** Absolute URL of the post. */
  url: string;
}

/** One notification in a digest. */
export interface DigestItem {
  /** null only for an answer to a help request (it comes from the Inkwell team). */
  actor: DigestActor | null;
  /** null for follows and help answers. */
  post: DigestPost | null;
  /** The notification's own text, as /notifications shows it (e.g. 'Ines liked your post “Night trains”.'). */
  message: string;
  /** For comments and replies: the comment's text (plain text, may be long: shorten it); for help answers: the answer. */
  excerpt: string | null;
  /** For help answers: the member's own request (plain text), to quote above the answer. */
  request?: string | null;
  /**
   * For the moderators' word (a 'help' mail's items that answer no help request, issue 47): 'report',
   * the outcome of the reader's report; 'moderators', a warning about something of theirs.
   */
  from?: 'report' | 'moderators';
  /** Where this one item leads: the post with the comment anchored, the person, or the help screen. */
  url: string;
  /** ISO-8601 time of the event. */
  at: string;
}

export interface DigestMailInput {
  to: string;
  /** The recipient's name, or null. */
  recipientName: string | null;
  kind: MailKind;
  /** Newest first; at least one. */
  items: DigestItem[];
  /** The product's address (PUBLIC_URL), for the wordmark link. */
  publicUrl: string;
  /** The one-click unsubscribe URL of this member and kind (also the List-Unsubscribe target). */
  unsubscribeUrl: string;
  /** Settings › Notification, where every choice can be changed. */
  settingsUrl: string;
}
