import { notifyManager } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * Checkboxes that show the user's tick at once while its call is out. checked(key, saved) answers the
 * pending value when there is one, else the saved one; begin(keys, value) records a tick and answers
 * the callback that drops it once the call has settled (and the saved values have been read again),
 * unless a later click on the same box changed it meanwhile. The drop goes out with the query cache's
 * next notifications, so the box never shows the old saved value between the two.
 */
export function usePendingTicks<K extends string | number>() {
  const [pending, setPending] = useState<ReadonlyMap<K, boolean>>(new Map());
  const update = (change: (next: Map<K, boolean>) => void) =>
    setPending((current) => {
      const next = new Map(current);
      change(next);
      return next;
    });
  return {
    checked: (key: K, saved: boolean) => pending.get(key) ?? saved,
    begin(keys: readonly K[], value: boolean): () => void {
      update((next) => keys.forEach((key) => next.set(key, value)));
      return () => notifyManager.schedule(() => update((next) => keys.forEach((key) => next.get(key) === value && next.delete(key))));
    },
  };
}
