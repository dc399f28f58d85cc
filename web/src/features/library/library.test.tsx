import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DRAFT_MESSAGES, paths, type DraftSummary } from '@inkwell/contract';
import { formatDateTime } from '../../lib/dates';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { aPage, aPost, mockIntersectionObserver, signIn } from '../../test/posts';

function aSummary(overrides: Partial<DraftSummary> = {}): DraftSummary {
  return {
    id: 12,
    title: 'A draft',
    sub_title: 'Its subtitle',
    category_id: 2,
    image: null,
    publish_at: null,
    email_subscribers: true,
    preview_url: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T12:04:00.000Z',
    read_time: 3,
    ...overrides,
  };
}

const LATER = '2099-06-01T09:30:00.000Z';
const SOONER = '2099-05-01T09:30:00.000Z';

function api(drafts: DraftSummary[]) {
  let list = drafts;
  return mockApi((path, init) => {
    if (path === 'profile') return { body: { user: aProfile } };
    if (path === 'author-posts') return { body: aPage([aPost({ id: 3, title: 'A published story', user_id: 7 })]) };
    if (path === 'drafts') return { body: { data: list } };
    if (path === 'drafts/delete') {
      const { id } = jsonBody(init) as { id: number };
      list = list.filter((draft) => draft.id !== id);
      return { body: { message: DRAFT_MESSAGES.deleted } };
    }
    return undefined;
  });
}

const drafts = [
  aSummary(),
  aSummary({ id: 13, title: '', sub_title: '' }),
  aSummary({ id: 14, title: 'Goes out later', publish_at: LATER }),
  aSummary({ id: 15, title: 'Goes out sooner', publish_at: SOONER }),
];

describe('Library', () => {
  it('shows Published first, and the tab goes into the address', async () => {
    mockIntersectionObserver();
    signIn();
    api(drafts);
    const { router } = renderApp('/yourposts');
    expect(await screen.findByText('A published story')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Published' })).toHaveAttribute('aria-selected', 'true');
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Drafts' }));
    expect(router.state.location.search).toBe('?tab=drafts');
    expect(await screen.findByRole('list', { name: 'Drafts' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Scheduled' }));
    expect(router.state.location.search).toBe('?tab=scheduled');
  });

  it('lists the drafts that are not scheduled, with Continue and the time of the last change', async () => {
    signIn();
    api(drafts);
    renderApp('/yourposts?tab=drafts');
    expect(await screen.findByRole('tab', { name: 'Drafts' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: 'Drafts' });
    const rows = within(list).getAllByTestId('draft-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('A draft');
    expect(rows[0]).toHaveTextContent('Its subtitle');
    expect(rows[0]).toHaveTextContent(/Edited 1 Mar 2026/);
    expect(rows[0]).toHaveTextContent('3 min read');
    expect(rows[1]).toHaveTextContent('Untitled draft');
    expect(within(rows[0]!).getByRole('link', { name: 'Continue' })).toHaveAttribute('href', paths.createPost.getHref(12));
    expect(within(rows[0]!).getByRole('link', { name: 'Continue' })).toHaveAccessibleDescription('A draft');
    expect(screen.queryByText('Goes out later')).not.toBeInTheDocument();
  });

  it('lists the scheduled ones, soonest first, with when they go out', async () => {
    signIn();
    api(drafts);
    renderApp('/yourposts?tab=scheduled');
    const list = await screen.findByRole('list', { name: 'Scheduled stories' });
    const rows = within(list).getAllByTestId('draft-row');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual(['Goes out sooner', 'Goes out later']);
    expect(rows[0]).toHaveTextContent(`Publishes ${formatDateTime(SOONER)}`);
    expect(screen.queryByText('A draft')).not.toBeInTheDocument();
  });

  it('deletes a draft after the confirmation', async () => {
    signIn();
    const fetchMock = api(drafts);
    renderApp('/yourposts?tab=drafts');
    const list = await screen.findByRole('list', { name: 'Drafts' });
    const user = userEvent.setup();
    const row = within(list).getAllByTestId('draft-row')[0]!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this draft?' });
    expect(dialog).toHaveTextContent('“A draft” will be gone for good.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('A draft')).not.toBeInTheDocument());
    expect(await screen.findByText(DRAFT_MESSAGES.deleted)).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/drafts/delete'));
    expect(jsonBody(call![1] as RequestInit)).toEqual({ id: 12 });
  });

  it('says when there is nothing, with a way to write', async () => {
    signIn();
    api([]);
    renderApp('/yourposts?tab=scheduled');
    const empty = await screen.findByTestId('scheduled-empty');
    expect(empty).toHaveTextContent('Nothing scheduled');
    expect(within(empty).getByRole('link', { name: 'Write a story' })).toHaveAttribute('href', paths.createPost.getHref());
  });
});
