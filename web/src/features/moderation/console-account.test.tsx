import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STAFF_ONLY, paths } from '@inkwell/contract';
import type { ModAccountResponse } from '@inkwell/contract/schemas';
import { aProfile, mockApi, renderApp } from '../../test/render';
import { signIn } from '../../test/posts';

const STAFF = { role: 'moderator', permissions: ['manageReports', 'manageUsers'] as const };

const member: ModAccountResponse = {
  account: {
    id: 40,
    name: 'Spammy',
    address: 'spammy@example.com',
    elsewhere: false,
    href: '/view-profile/k3G7QA',
    joined_at: '2026-09-01T08:00:00.000Z',
    deactivated_at: null,
    role: null,
    posts: 3,
    followers: 1,
  },
  in_force: [{ id: 2, kind: 'limit', reason: 'Follow-for-follow rings.', starts_at: '2026-11-30T08:00:00.000Z', ends_at: '2026-12-03T08:00:00.000Z', lifted_at: null }],
  history: {
    actions: [{ id: 1, kind: 'warn', reason: 'Links to a shop in every comment', starts_at: '2026-10-01T08:00:00.000Z', ends_at: null, lifted_at: null }],
    cases: [{ id: 4, status: 'resolved', decision: 'limit', opened_at: '2026-11-30T07:00:00.000Z', target_kind: 'account' }],
  },
  reports: { reports: 2, upheld: 1 },
  server: null,
};

function accountApi(answer: { status?: number; body: unknown } = { body: member }) {
  return mockApi((path) => {
    if (path === '/api/mod/account') return answer;
    if (path === 'profile') return { body: { user: { ...aProfile, staff: STAFF } } };
    return undefined;
  });
}

describe('An account in the console', () => {
  it('shows who it is, what is in force now, its reports, its actions and the cases about it', async () => {
    signIn(7);
    accountApi();
    renderApp(paths.modAccount.getHref(40));
    expect(await screen.findByRole('heading', { level: 1, name: 'Spammy' })).toBeInTheDocument();
    expect(screen.getByText('spammy@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Its profile' })).toHaveAttribute('href', '/view-profile/k3G7QA');
    const now = screen.getByRole('list', { name: 'In force now' });
    expect(now).toHaveTextContent('Limited');
    expect(now).toHaveTextContent('Follow-for-follow rings.');
    expect(screen.getByText(/Its reports here:/).closest('p')).toHaveTextContent('2 reports, 1 acted on');
    expect(screen.getByRole('list', { name: 'Earlier actions' })).toHaveTextContent('Warned');
    expect(screen.getByRole('link', { name: 'Case 4' })).toHaveAttribute('href', '/mod/cases/4');
    expect(screen.queryByRole('heading', { name: 'The account’s server' })).not.toBeInTheDocument();
  });

  it('shows an account elsewhere with its profile on its server and its server’s standing; nothing in force said so', async () => {
    signIn(7);
    accountApi({
      body: {
        ...member,
        account: { ...member.account, name: null, address: '@bot@far.example', elsewhere: true, href: 'https://far.example/@bot' },
        in_force: [],
        server: { host: 'far.example', block: null, accounts: 3, cases: { open: 1, acted: 0, dismissed: 0 }, reports: { reports: 0, upheld: 0 } },
      },
    });
    renderApp(paths.modAccount.getHref(41));
    expect(await screen.findByRole('heading', { level: 1, name: '@bot@far.example' })).toBeInTheDocument();
    expect(screen.getByText('Account elsewhere')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Its profile on its server' })).toHaveAttribute('href', 'https://far.example/@bot');
    expect(screen.getByText('Nothing: the account reads and writes as any other.')).toBeInTheDocument();
    const server = screen.getByRole('heading', { name: 'The account’s server' }).closest('section')!;
    expect(within(server).getByText('Not blocked')).toBeInTheDocument();
  });

  it('tells a member without the role that it is for the moderators, and says when there is no such account', async () => {
    signIn(7);
    accountApi({ status: 403, body: { message: STAFF_ONLY } });
    renderApp(paths.modAccount.getHref(40));
    expect(await screen.findByText(/for the moderators/i)).toBeInTheDocument();
  });

  it('is not found for an account that is none', async () => {
    signIn(7);
    accountApi({ status: 404, body: { message: 'There is no account 99.' } });
    renderApp(paths.modAccount.getHref(99));
    expect(await screen.findByText('There is no account 99.')).toBeInTheDocument();
  });
});
