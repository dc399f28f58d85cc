import { z } from 'zod';
import { idField } from './common.ts';

/**
 * SPEC §3's four types, 'post': a member one follows published a story (issue 13), and 'boost': an
 * account elsewhere boosted (shared with its followers) one's story, listed and mailed with the likes.
 */
export const NOTIFICATION_TYPES = ['follow', 'responses', 'like', 'comment', 'post', 'boost'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The mail choices of Settings › Notification (SPEC §2's four, and new stories), one per notification type. */
export const MAIL_KINDS = ['like', 'comment', 'follow', 'help', 'post'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const mailKindOf: Record<NotificationType, MailKind> = { like: 'like', comment: 'comment', follow: 'follow', responses: 'help', post: 'post', boost: 'like' };

/** The member who caused a notification (null for an answer to a help request). */
export const notificationActor = z.object({
  id: z.number(),
  name: z.string().nullable(),
  profile_picture: z.string().nullable(),
});
export type NotificationActor = z.infer<typeof notificationActor>;
/** The account of another server a follow or a like came from (issue 30): its id here (its profile here: ADR 0085), handle, name and profile page there. */
export const notificationRemoteActor = z.object({ id: z.number(), handle: z.string(), name: z.string().nullable(), url: z.string().nullable() });

/** POST /api/user/notifications: body {user_id}; the caller's notifications, newest first. */
export const notificationsBody = z.object({ user_id: idField('user_id') });
export const notificationItem = z.object({
  id: z.number(),
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string(),
  updated_at: z.string(),
  /** Additions: whether the member has seen it, whom it is from and what it leads to. */
  seen: z.boolean(),
  actor: notificationActor.nullable(),
  /** Set, with actor null, when it came from an account of another fediverse server. */
  remote_actor: notificationRemoteActor.nullable().optional(),
  post_id: z.number().nullable(),
  comment_id: z.number().nullable(),
  reply_id: z.number().nullable(),
  /** The reader's report a 'responses' notification tells the outcome of (issue 47): it leads to their reports. */
  report_id: z.number().nullable().optional(),
});
export type NotificationItem = z.infer<typeof notificationItem>;
export const notificationsResponse = z.object({ notifications: z.array(notificationItem), unseen_count: z.number() });
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

/** At most this many ids per POST /notifications/seen (the list holds at most 250: the web sends more in several calls). */
export const SEEN_IDS_MAX = 200;

/** POST /api/user/notifications/seen {user_id, ids}: marks those of the caller's notifications as seen. */
export const notificationsSeenBody = z.object({
  user_id: idField('user_id'),
  ids: z.preprocess(
    // A form sends one id as a string, several as ids[]: accept both.
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z.array(idField('ids')).max(SEEN_IDS_MAX, `At most ${SEEN_IDS_MAX} ids.`),
  ),
});
export const notificationsSeenResponse = z.object({ message: z.string(), unseen_count: z.number() });
export type NotificationsSeenResponse = z.infer<typeof notificationsSeenResponse>;

/**
 * GET /api/user/notifications/stream (Server-Sent Events, signed in by the session cookie). Events:
 * `notification` (its `id:` is the notification's id; data NotificationEvent) and `unseen`
 * (data UnseenEvent: the count changed, e.g. another tab marked notifications seen). A reconnect sends
 * `Last-Event-ID` (or `?last_event_id=`), and the stream first sends what came after it.
 */
export const notificationEvent = z.object({ notification: notificationItem, unseen_count: z.number() });
export type NotificationEvent = z.infer<typeof notificationEvent>;
export const unseenEvent = z.object({ unseen_count: z.number() });
export type UnseenEvent = z.infer<typeof unseenEvent>;
export const notificationsStreamQuery = z.object({ last_event_id: z.string().max(20).optional() });

/**
 * POST /api/user/unsubscribe {token, subscribe?}: the mailed link's page (no session needed). The
 * token names one member and one kind of mail; `subscribe: 1` ticks the box again (Undo).
 * `POST /unsubscribe?token=…` is the same for mail programs (RFC 8058 one-click).
 */
export const unsubscribeBody = z.object({
  token: z.string({ error: 'The token field is required.' }).min(1, 'The token field is required.').max(300, 'This link is not valid.'),
  subscribe: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()).optional(),
});
/** `POST /unsubscribe?token=…`: the mail program's one-click unsubscribe (RFC 8058). */
export const unsubscribeQuery = z.object({ token: unsubscribeBody.shape.token });
export const unsubscribeResponse = z.object({ message: z.string(), kind: z.enum(MAIL_KINDS), subscribed: z.boolean() });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponse>;

/** What each mail choice is about, as the unsubscribe page and the mails' footers name it. */
export const MAIL_KIND_TEXT: Record<MailKind, string> = {
  like: 'someone likes your posts',
  comment: 'someone comments on your posts or replies to your comments',
  follow: 'someone follows you',
  help: 'we answer your help requests, or the moderators decide on your reports or write to you',
  post: 'someone you follow publishes a story',
};

/**
 * The kind of mail a token is for, read without checking it (the page says what it is about before the
 * member confirms; the server checks the signature). null when it is not a token of this shape.
 */
export function unsubscribeKindOf(token: string): MailKind | null {
  const kind = token.split('.')[1];
  return (MAIL_KINDS as readonly string[]).includes(kind ?? '') ? (kind as MailKind) : null;
}
