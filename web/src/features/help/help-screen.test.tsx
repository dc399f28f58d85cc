import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HELP_RECEIVED } from '@inkwell/contract';
import { jsonBody, mockApi, renderApp } from '../../test/render';
import { signIn } from '../../test/posts';

function api(status = 201) {
  return mockApi((path) => {
    if (path === 'help') return status === 201 ? { status, body: { message: HELP_RECEIVED } } : { status, body: { message: 'Too many requests. Please try again in 60 seconds.' } };
    if (path === 'recommended-posts') return { body: { recommended_posts: [{ id: 8, title: 'A pick', user: { id: 2, name: 'W', profile_picture: null, followers_count: 0 } }] } };
    return undefined;
  });
}

describe('Help screen', () => {
  it('sends a Need Help message with Tell us, says thanks and clears the box', async () => {
    signIn(9);
    const fetchMock = api();
    renderApp('/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Need Help' })).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Tell us' });
    expect(send).toBeDisabled();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('How can we help?'), '  My cover will not upload.  ');
    await user.click(send);
    expect(await screen.findByText(HELP_RECEIVED)).toBeInTheDocument();
    expect(screen.getByLabelText('How can we help?')).toHaveValue('');
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/help'));
    expect(jsonBody(call![1] as RequestInit)).toEqual({ user_id: 9, message: 'My cover will not upload.' });
  });

  it('keeps the text and says why when the server refuses', async () => {
    signIn(9);
    api(429);
    renderApp('/help');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('How can we help?'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Tell us' }));
    expect(await screen.findByText(/Too many requests/)).toBeInTheDocument();
    expect(screen.getByLabelText('How can we help?')).toHaveValue('Hello');
  });

  it('shows the Privacy Policy and the Terms from its navigation, and Conditions and Policy instead of Picks', async () => {
    signIn(9);
    api();
    renderApp('/help');
    const nav = await screen.findByRole('navigation', { name: 'Help' });
    const user = userEvent.setup();
    await user.click(within(nav).getByRole('button', { name: 'Privacy Policy' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText(/We do not sell your data/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain('Privacy Policy'));
    await user.click(within(nav).getByRole('button', { name: 'Terms and Conditions' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Conditions and Policy' });
    expect(within(panel).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/help?section=privacy');
    expect(screen.queryByRole('region', { name: 'Picks' })).not.toBeInTheDocument();
  });
});
