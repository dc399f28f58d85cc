import { useState } from 'react';
import { Bell, BookOpen, Heart, LifeBuoy, MessageCircle, UserPlus, type LucideIcon } from 'lucide-react';
import { NOTIFICATIONS_STEP, type NotificationItem, type NotificationType } from '@inkwell/contract';
import { buttonStyles } from '../../../components/Button';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { ListPage } from '../../../components/ListPage';
import { useNotifications } from '../api/get-notifications';
import { NotificationRow } from './NotificationRow';
import { useSeenOnScreen } from './use-seen-on-screen';

/**
 * SPEC §2 Notifications: these sections in this order ('responses' are the answers to help requests),
 * then Stories: new stories of the people one follows (issue 13). Boosts from the fediverse are listed
 * with the likes.
 */
const SECTIONS: Array<{ types: NotificationType[]; title: string; Icon: LucideIcon }> = [
  { types: ['like', 'boost'], title: 'Likes', Icon: Heart },
  { types: ['comment'], title: 'Comments', Icon: MessageCircle },
  { types: ['responses'], title: 'Help', Icon: LifeBuoy },
  { types: ['follow'], title: 'Follow', Icon: UserPlus },
  { types: ['post'], title: 'Stories', Icon: BookOpen },
];

interface SectionProps {
  title: string;
  Icon: LucideIcon;
  items: NotificationItem[];
  isNew: (item: NotificationItem) => boolean;
}

function Section({ title, Icon, items, isNew }: SectionProps) {
  const [shown, setShown] = useState(NOTIFICATIONS_STEP);
  const headingId = `notifications-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="py-6">
      <h2 id={headingId} className="flex items-center gap-2 font-serif text-xl font-bold text-zinc-900 dark:text-zinc-50">
        <Icon aria-hidden="true" className="size-5 text-indigo-700 dark:text-indigo-300" />
        {title}
        <span className="font-sans text-sm font-normal text-zinc-500 dark:text-zinc-400">({items.length})</span>
      </h2>
      <ul className="-mx-3 mt-3">
        {items.slice(0, shown).map((item) => (
          <NotificationRow key={item.id} item={item} isNew={isNew(item)} />
        ))}
      </ul>
      {shown < items.length && (
        <button type="button" className={`${buttonStyles.secondary} mt-3 !px-4 !py-2`} onClick={() => setShown((n) => n + NOTIFICATIONS_STEP)}>
          Load More
        </button>
      )}
    </section>
  );
}

/**
 * /notifications: likes, comments, help answers, follows and new stories, each section only when it has items,
 * each item leading to what it is about. Opening the screen marks its unseen items seen.
 */
export function NotificationsScreen({ userId }: { userId: string }) {
  const notifications = useNotifications(userId);
  const isNew = useSeenOnScreen(userId, notifications.data?.notifications);
  const items = notifications.data?.notifications ?? [];
  const sections = SECTIONS.map((section) => ({ ...section, items: items.filter((item) => section.types.includes(item.type)) })).filter((section) => section.items.length > 0);

  return (
    <>
      <DocumentTitle title="Notifications" />
      <ListPage title="Notifications" intro="Who liked, answered and followed you, and new stories from people you follow, newest first.">
        {notifications.isPending ? (
          <div data-testid="notifications-loading" className="space-y-3 py-6">
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="h-5 animate-pulse rounded bg-zinc-100 dark:bg-zinc-900" />
            ))}
          </div>
        ) : sections.length === 0 ? (
          <div className="flex flex-col items-center py-14 text-center text-zinc-600 dark:text-zinc-400">
            <Bell aria-hidden="true" className="size-8 text-zinc-400" />
            <p className="mt-3">Nothing yet. Likes, comments, new followers and new stories from people you follow will show here.</p>
          </div>
        ) : (
          <div className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {sections.map((section) => (
              <Section key={section.title} title={section.title} Icon={section.Icon} items={section.items} isNew={isNew} />
            ))}
          </div>
        )}
      </ListPage>
    </>
  );
}
