import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { NotificationItem } from '@inkwell/contract';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { signIn } from '../../test/posts';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const items = (type: NotificationItem['type'], n: number, from = 1): NotificationItem[] =>
  Array.from({ length: n }, (_, i) => ({ id: from + i, type, message: `${type} ${i + 1}`, updated_at: minutesAgo(i + 2) }));

function api(notifications: NotificationItem[]) {
  return mockApi((path) => {
    if (path === 'notifications') return { body: { notifications } };
    if (path === 'profile') return { body: { user: aProfile } };
    return undefined;
  });
}

describe('Notifications screen', () => {
  it('shows Likes, Comments, Help and Follow in that order, only those with items, 5 at first and 5 more per Load More', async () => {
    signIn(7);
    const fetchMock = api([...items('follow', 2, 100), ...items('like', 12, 1), ...items('responses', 1, 200)]);
    renderApp('/notifications');
    const likes = await screen.findByRole('region', { name: /Likes/ });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent?.replace(/\s*\(\d+\)$/, ''));
    expect(headings).toEqual(['Likes', 'Help', 'Follow']);
    expect(within(likes).getAllByTestId('notification')).toHaveLength(5);
    expect(within(likes).getByText('like 1')).toBeInTheDocument();
    expect(within(likes).getAllByText('2 minutes ago').length).toBeGreaterThan(0);

    const user = userEvent.setup();
    await user.click(within(likes).getByRole('button', { name: 'Load More' }));
    expect(within(likes).getAllByTestId('notification')).toHaveLength(10);
    await user.click(within(likes).getByRole('button', { name: 'Load More' }));
    expect(within(likes).getAllByTestId('notification')).toHaveLength(12);
    expect(within(likes).queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: /Follow/ })).queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: /Help/ })).getByText('responses 1')).toBeInTheDocument();

    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/notifications'));
    expect(jsonBody(call![1] as RequestInit)).toEqual({ user_id: 7 });
    expect(document.title).toContain('Notifications');
  });

  it('says so when there is nothing yet', async () => {
    signIn(7);
    api([]);
    renderApp('/notifications');
    expect(await screen.findByText(/Nothing yet/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });
});
