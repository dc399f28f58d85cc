import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FeedTuning } from '@inkwell/contract';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { signIn } from '../../test/posts';

const categories = { categories: [{ id: 1, name: 'Science', description: null, followers_count: 3 }] };
const at = '2026-03-05T10:00:00.000Z';

/** Manage Category's API, with the reader's tuning kept as the server would. */
function api(initial: FeedTuning) {
  let tuning = structuredClone(initial);
  return mockApi((path, init) => {
    if (path === 'categories') return { body: categories };
    if (path === 'profile') return { body: { user: { ...aProfile, id: 9 } } };
    if (path === 'user-categories') return { body: [] };
    if (path === 'feed-tuning') return { body: { tuning } };
    if (path === 'feed-tuning/set') {
      const { kind, target_id } = jsonBody(init) as { kind: 'more' | 'less' | 'mute'; target_id: number };
      const list = kind === 'mute' ? 'muted' : kind;
      tuning = { ...tuning, [list]: tuning[list].filter((item) => item.id !== target_id) };
      return { body: { message: 'Done.', previous: null, tuning } };
    }
    if (path === 'feed-tuning/reset') {
      tuning = { more: [], less: [], muted: [] };
      return { body: { message: 'Your feed tuning has been reset.', tuning } };
    }
    return undefined;
  });
}

const tuned: FeedTuning = {
  more: [{ id: 4, name: 'Poetry', created_at: at }],
  less: [{ id: 1, name: 'Science', created_at: at }],
  muted: [{ id: 30, name: 'Loud Writer', profile_picture: null, created_at: at }],
};

describe('Tune your feed (on /recommendation)', () => {
  it('shows what the reader tuned, removes each, and resets all after asking', async () => {
    signIn(9);
    const fetchMock = api(tuned);
    renderApp('/recommendation#tune-your-feed');
    const section = await screen.findByRole('region', { name: 'Tune your feed' });
    const group = (name: string) => within(section).getByRole('list', { name });
    expect(await within(section).findByRole('list', { name: 'More like this' })).toHaveTextContent('Poetry');
    expect(group('Less like this')).toHaveTextContent('Science');
    expect(group('Muted authors')).toHaveTextContent('Loud Writer');

    const user = userEvent.setup();
    await user.click(within(group('Less like this')).getByRole('button', { name: 'Remove Science' }));
    await waitFor(() => expect(within(section).queryByRole('list', { name: 'Less like this' })).not.toBeInTheDocument());
    await user.click(within(group('Muted authors')).getByRole('button', { name: 'Unmute Loud Writer' }));
    await waitFor(() => expect(within(section).queryByRole('list', { name: 'Muted authors' })).not.toBeInTheDocument());
    const sent = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/feed-tuning/set')).map(([, init]) => jsonBody(init as RequestInit));
    expect(sent).toEqual([
      { user_id: 9, kind: 'less', target_id: 1, on: 0 },
      { user_id: 9, kind: 'mute', target_id: 30, on: 0 },
    ]);

    await user.click(within(section).getByRole('button', { name: 'RESET ALL' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset your feed tuning?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await within(section).findByText(/Nothing tuned yet/)).toBeInTheDocument();
    expect(await screen.findByText('Your feed tuning has been reset.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'RESET ALL' })).toBeDisabled();
  });

  it('says how to tune when nothing is tuned yet', async () => {
    signIn(9);
    api({ more: [], less: [], muted: [] });
    renderApp('/recommendation');
    const section = await screen.findByRole('region', { name: 'Tune your feed' });
    expect(await within(section).findByText(/Nothing tuned yet\. Open ⋯ on a story in ‘For you’/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'RESET ALL' })).toBeDisabled();
  });
});
