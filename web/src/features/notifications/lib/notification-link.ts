import { paths, type NotificationItem } from '@inkwell/contract';

/**
 * Where a notification leads: a like, boost or comment to its post (at the comment or reply when it names
 * one), a new story to the story, a follow to the follower's profile (here, for an account of
 * another server too: ADR 0085), a help answer to Help, a report's outcome to the reader's reports. null when what it pointed at is gone (the server
 * sends no post or member any more).
 */
export function notificationHref(item: NotificationItem): string | null {
  switch (item.type) {
    case 'like':
    case 'boost':
    case 'comment': {
      if (item.post_id === null) return item.actor ? paths.viewProfile.getHref(item.actor.id) : null;
      // A comment or reply from an account elsewhere is one of the post's comments too.
      const anchor = item.reply_id !== null ? `#reply-${item.reply_id}` : item.comment_id !== null ? `#comment-${item.comment_id}` : '';
      return `${paths.viewPost.getHref(item.post_id)}${anchor}`;
    }
    case 'post':
      if (item.post_id !== null) return paths.viewPost.getHref(item.post_id);
      return item.actor ? paths.viewProfile.getHref(item.actor.id) : null;
    case 'follow':
      return item.actor ? paths.viewProfile.getHref(item.actor.id) : item.remote_actor ? paths.viewProfile.getHref(item.remote_actor.id) : null;
    case 'responses':
      // The moderators' word on a report leads to the reader's reports; a warning or a help answer to Help.
      return item.report_id ? `${paths.reports.getHref()}#report-${item.report_id}` : paths.help.getHref();
  }
}

/** The name the item shows in bold: the actor's, 'Someone' when unknown, Inkwell for its own answers. */
export function actorName(item: NotificationItem): string {
  if (item.type === 'responses') return 'Inkwell';
  return item.actor?.name?.trim() || item.remote_actor?.name?.trim() || item.remote_actor?.handle || 'Someone';
}
