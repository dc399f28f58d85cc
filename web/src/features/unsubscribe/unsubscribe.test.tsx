import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MAIL_KIND_TEXT, paths } from '@inkwell/contract';
import { jsonBody, mockApi, renderApp } from '../../test/render';

const TOKEN = 'v1.comment.c2lnbmF0dXJl';
const INVALID = 'This link is not valid. You can change your mail choices in Settings.';

function api(answer?: { status: number; body: unknown }) {
  return mockApi((path, init) => {
    if (path !== 'unsubscribe') return undefined;
    if (answer) return answer;
    const { subscribe } = jsonBody(init) as { subscribe?: number };
    return { body: { message: subscribe ? 'Subscribed again.' : 'Unsubscribed.', kind: 'comment', subscribed: subscribe === 1 } };
  });
}

const calls = (fetchMock: ReturnType<typeof api>) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === '/api/user/unsubscribe').map(([, init]) => jsonBody(init as RequestInit));

describe('Unsubscribe page', () => {
  it('says which mails, unsubscribes without a session, and undoes it', async () => {
    const fetchMock = api();
    renderApp(paths.unsubscribe.getHref(TOKEN));
    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeInTheDocument();
    expect(document.title).toBe('Unsubscribe · Inkwell');
    expect(screen.getByText(`Stop mails when ${MAIL_KIND_TEXT.comment}?`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All mail choices in Settings' })).toHaveAttribute('href', '/settings?tab=notification');
    expect(screen.getByText(/Notification tab/)).toBeInTheDocument();
    // Nothing happens before the click (a mail scanner opening the link changes nothing).
    expect(calls(fetchMock)).toEqual([]);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(`Done: you will no longer get mails when ${MAIL_KIND_TEXT.comment}.`)).toBeInTheDocument();
    expect(calls(fetchMock)).toEqual([{ token: TOKEN }]);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('You will get these mails again.')).toBeInTheDocument();
    expect(calls(fetchMock)).toEqual([{ token: TOKEN }, { token: TOKEN, subscribe: 1 }]);
    // …and may change their mind again.
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
  });

  it('says the link is not valid for a token of no known kind, without asking the server', async () => {
    const fetchMock = api();
    renderApp(paths.unsubscribe.getHref('v1.newsletter.sig'));
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All mail choices in Settings' })).toHaveAttribute('href', '/settings?tab=notification');
    expect(calls(fetchMock)).toEqual([]);

    renderApp(paths.unsubscribe.getHref());
    await waitFor(() => expect(screen.getAllByText(INVALID)).toHaveLength(2));
  });

  it('says the link is not valid when the server refuses the token', async () => {
    api({ status: 422, body: { message: 'This link is not valid.' } });
    renderApp(paths.unsubscribe.getHref('v1.like.forged'));
    expect(await screen.findByText(`Stop mails when ${MAIL_KIND_TEXT.like}?`)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('lets the member try again when the server is busy', async () => {
    const fetchMock = api({ status: 503, body: { message: 'The server is busy. Please try again shortly.' } });
    renderApp(paths.unsubscribe.getHref('v1.follow.sig'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy. Please try again shortly.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled());
    expect(calls(fetchMock)).toHaveLength(1);
  });
});
