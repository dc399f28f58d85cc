import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { relativeTime, type NotificationItem } from '@inkwell/contract';
import { Avatar } from '../../../components/Avatar';
import { actorName, notificationHref } from '../lib/notification-link';
import { useNow } from '../../../lib/use-now';

/** The badge of Inkwell's own notifications (answers to help requests): the wordmark's ink drop. */
function InkwellBadge() {
  return (
    <svg aria-hidden="true" data-testid="inkwell-badge" viewBox="0 0 64 64" className="size-10 shrink-0">
      <rect width="64" height="64" rx="32" className="fill-indigo-700 dark:fill-indigo-400" />
      <path d="M32 14c-5.5 8.5-12 16-12 24.5a12 12 0 0 0 24 0C44 30 37.5 22.5 32 14z" className="fill-white dark:fill-zinc-950" />
    </svg>
  );
}

const rowClass = 'flex items-start gap-3 rounded-lg px-3 py-3 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/**
 * One notification: who (picture and bold name), what (the message) and when, leading to what it is
 * about. `isNew`: not yet seen when the screen opened (or came while on it): a dot and a tint.
 */
export function NotificationRow({ item, isNew }: { item: NotificationItem; isNew: boolean }) {
  const now = useNow();
  const href = notificationHref(item);
  const name = actorName(item);
  const tint = isNew ? 'bg-indigo-50 hover:bg-indigo-100/70 dark:bg-indigo-950/40 dark:hover:bg-indigo-950/70' : 'hover:bg-zinc-50 dark:hover:bg-zinc-900';
  const content: ReactNode = (
    <>
      {isNew && <span className="sr-only">New</span>}
      {item.type === 'responses' ? <InkwellBadge /> : <Avatar src={item.actor?.profile_picture} size={40} />}
      <span className="min-w-0 flex-1">
        <span className="block truncate text-[15px] font-semibold leading-6 text-zinc-900 dark:text-zinc-50">{name}</span>
        <span className="block break-words text-[15px] leading-6 text-zinc-800 dark:text-zinc-200">{item.message}</span>
        {/* zinc-600: zinc-500 on an unread row's indigo-50 is 4.3:1, under WCAG's 4.5:1 for small text. */}
        <time dateTime={item.updated_at} className="block text-sm text-zinc-600 dark:text-zinc-400">
          {relativeTime(item.updated_at, now)}
        </time>
      </span>
      {isNew && <span aria-hidden="true" data-testid="notification-new-dot" className="mt-2 size-2.5 shrink-0 rounded-full bg-indigo-600 dark:bg-indigo-400" />}
    </>
  );
  return (
    <li data-testid="notification" data-new={isNew || undefined} className="py-1">
      {href ? (
        <Link to={href} className={`${rowClass} ${tint}`}>
          {content}
        </Link>
      ) : (
        <div className={`${rowClass} ${isNew ? tint : ''}`}>{content}</div>
      )}
    </li>
  );
}
