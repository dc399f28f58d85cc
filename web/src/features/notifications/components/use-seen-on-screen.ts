import { useCallback, useEffect, useRef, useState } from 'react';
import { SEEN_IDS_MAX, type NotificationItem } from '@inkwell/contract';
import { useMarkSeen } from '../api/mark-seen';

/**
 * While the Notifications screen is open: every unseen item it has (those there when it opened, and
 * those coming live) is marked seen on the server, once; the items keep their 'new' look until the
 * member leaves. Returns whether an item is shown as new.
 */
export function useSeenOnScreen(userId: string, items: NotificationItem[] | undefined): (item: NotificationItem) => boolean {
  const { mutateAsync } = useMarkSeen(userId);
  const [shownAsNew, setShownAsNew] = useState<ReadonlySet<number>>(() => new Set());
  // Ids asked for (or being asked for): a call that fails lets them be asked for again with the next change.
  const asked = useRef(new Set<number>());

  useEffect(() => {
    if (!items) return;
    const fresh = items.filter((item) => !item.seen && !asked.current.has(item.id)).map((item) => item.id);
    if (fresh.length === 0) return;
    for (const id of fresh) asked.current.add(id);
    setShownAsNew((previous) => new Set([...previous, ...fresh]));
    for (let start = 0; start < fresh.length; start += SEEN_IDS_MAX) {
      const ids = fresh.slice(start, start + SEEN_IDS_MAX);
      mutateAsync(ids).catch(() => {
        for (const id of ids) asked.current.delete(id);
      });
    }
  }, [items, mutateAsync]);

  return useCallback((item: NotificationItem) => !item.seen || shownAsNew.has(item.id), [shownAsNew]);
}
