import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { NotificationsResponse } from '@inkwell/contract';
import { signIn } from '../../test/posts';
import { aNotification, mockEventSource } from '../../test/notifications';
import { notificationsQueryKey } from './api/get-notifications';
import { useNotificationStream } from './api/use-notification-stream';

/** Counts the loads of zod and the schemas (lib/load-schemas.ts) the stream asks for. */
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../lib/load-schemas', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/load-schemas')>();
  return {
    ...original,
    withSchemas: (run: Parameters<typeof original.withSchemas>[0]) => {
      loads.count += 1;
      original.withSchemas(run);
    },
  };
});

/** A member's page as the server rendered it: the notifications (and their unseen count) in the cache, no call made. */
function renderedPage(unseenCount: number) {
  const client = new QueryClient();
  client.setQueryData<NotificationsResponse>(notificationsQueryKey('7'), { notifications: [aNotification({ id: 1, seen: unseenCount === 0 })], unseen_count: unseenCount });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  renderHook(() => useNotificationStream('7'), { wrapper });
  return client;
}

describe('the live stream on a rendered page', () => {
  it('takes the unseen count it opens with, when the page shows it already, without loading zod and the schemas', async () => {
    const streams = mockEventSource();
    signIn(7);
    loads.count = 0;
    const client = renderedPage(2);
    act(() => streams.latest.open());
    act(() => streams.latest.emit('unseen', { unseen_count: 2 }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads.count).toBe(0);
    expect(client.getQueryData<NotificationsResponse>(notificationsQueryKey('7'))?.unseen_count).toBe(2);

    // Another count is checked against the contract first, then shown.
    act(() => streams.latest.emit('unseen', { unseen_count: 0 }));
    await waitFor(() => expect(client.getQueryData<NotificationsResponse>(notificationsQueryKey('7'))?.unseen_count).toBe(0));
    expect(loads.count).toBe(1);
    // Not what the contract says: checked, and ignored.
    act(() => streams.latest.emit('unseen', { unseen_count: '0' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads.count).toBe(2);
    expect(client.getQueryData<NotificationsResponse>(notificationsQueryKey('7'))?.unseen_count).toBe(0);
  });
});
