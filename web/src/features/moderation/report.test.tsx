import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REPORTED_ALREADY, REPORT_OWN, REPORT_RECEIVED, type MyReport, type ReportTarget, paths } from '@inkwell/contract';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { aNotification, mockEventSource } from '../../test/notifications';
import { signIn } from '../../test/posts';

const story: ReportTarget = { kind: 'post', id: 7, label: 'A story with casino links', author: 'Wren', href: '/view-post/7', own: false };
const made: MyReport = {
  id: 31,
  kind: 'post',
  target_id: 7,
  category: 'harassment',
  note: 'Insults in the second paragraph.',
  created_at: '2026-11-30T09:00:00.000Z',
  status: 'open',
  resolved_at: null,
  decision: null,
  decision_note: '',
  rule: null,
  target: story,
};

const RULES = [
  { id: 4, number: 1, title: 'Be kind', body: 'No name-calling.\nNo threats.' },
  { id: 2, number: 2, title: 'No spam', body: '' },
];

function api({
  target = story,
  answer = 201,
  mine = [made],
  reported = null,
}: { target?: ReportTarget; answer?: number; mine?: MyReport[]; reported?: { id: number; created_at: string } | null } = {}) {
  return mockApi((path) => {
    if (path === 'report/target') return { body: { target, reported } };
    if (path === 'report') return answer === 201 ? { status: 201, body: { message: REPORT_RECEIVED, report_id: 31 } } : { status: answer, body: { message: REPORTED_ALREADY } };
    if (path === 'reports') return { body: { data: mine, next_cursor: null } };
    if (path === 'rules') return { body: { rules: RULES } };
    return undefined;
  });
}

describe('Report', () => {
  it('asks what is wrong before sending, sends the choice and the note, and shows the receipt on the reader’s reports', async () => {
    signIn(9);
    const fetchMock = api();
    renderApp(paths.report.getHref('post', 7));
    expect(await screen.findByRole('heading', { level: 1, name: 'Report this story' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'A story with casino links' })).toHaveAttribute('href', '/view-post/7');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose what is wrong with it.');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/report'))).toBe(false);

    await user.click(screen.getByRole('radio', { name: /Harassment or hate/ }));
    await user.type(screen.getByLabelText(/Anything the moderators should know/), '  Insults in the second paragraph.  ');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your reports' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent(REPORT_RECEIVED);
    expect(await screen.findByText(/Insults in the second paragraph/)).toBeInTheDocument();
    expect(screen.getByText('With the moderators')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/report'));
    expect(jsonBody(call![1] as RequestInit)).toEqual({ user_id: 9, kind: 'post', target_id: 7, category: 'harassment', note: 'Insults in the second paragraph.' });
  });

  it('says why when the server refuses, and keeps what was chosen and written', async () => {
    signIn(9);
    api({ answer: 409 });
    renderApp(paths.report.getHref('post', 7));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Spam/ }));
    await user.type(screen.getByLabelText(/Anything the moderators should know/), 'Again');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REPORTED_ALREADY);
    expect(screen.getByRole('radio', { name: /Spam/ })).toBeChecked();
    expect(screen.getByLabelText(/Anything the moderators should know/)).toHaveValue('Again');
  });

  it('offers no form for the reader’s own story', async () => {
    signIn(9);
    api({ target: { ...story, own: true } });
    renderApp(paths.report.getHref('post', 7));
    expect(await screen.findByText(REPORT_OWN)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send report' })).not.toBeInTheDocument();
  });

  it('offers no second form while the reader’s report of it is open, and leads to that report', async () => {
    signIn(9);
    api({ reported: { id: 31, created_at: '2026-11-30T09:00:00.000Z' } });
    renderApp(paths.report.getHref('post', 7));
    expect(await screen.findByText(REPORTED_ALREADY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your report' })).toHaveAttribute('href', '/reports#report-31');
    expect(screen.queryByRole('button', { name: 'Send report' })).not.toBeInTheDocument();
  });

  it('lists a decided report as decided, and one whose story is gone without it', async () => {
    signIn(9);
    api({
      mine: [
        { ...made, status: 'resolved', resolved_at: '2026-11-30T12:00:00.000Z', decision: 'warn', decision_note: 'Second warning this month.', rule: 'Be kind', target: null },
      ],
    });
    renderApp('/reports');
    expect(await screen.findByText(/Decided/)).toBeInTheDocument();
    expect(screen.getByText(/Its author has been warned\./)).toBeInTheDocument();
    expect(screen.getByText(/Second warning this month\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '“Be kind”' })).toHaveAttribute('href', paths.rules.getHref());
    expect(screen.getByText('It is not there any more.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('The outcome of a report', () => {
  it('comes to the reader’s open list of reports live, with the notification that tells it', async () => {
    const streams = mockEventSource();
    signIn(9);
    let mine: MyReport[] = [made];
    mockApi((path) => {
      if (path === 'reports') return { body: { data: mine, next_cursor: null } };
      if (path === 'notifications') return { body: { notifications: [], unseen_count: 0 } };
      if (path === 'profile') return { body: { user: aProfile } };
      return undefined;
    });
    renderApp('/reports');
    expect(await screen.findByText(/With the moderators/)).toBeInTheDocument();
    act(() => streams.latest.open());
    mine = [{ ...made, status: 'resolved', resolved_at: '2026-11-30T12:00:00.000Z', decision: 'hide', decision_note: 'Name-calling.' }];
    const told = aNotification({ id: 40, type: 'responses', actor: null, post_id: null, report_id: 31, seen: false, message: 'The moderators decided on your report.' });
    act(() => streams.latest.emit('notification', { notification: told, unseen_count: 1 }, '40'));
    expect(await screen.findByText(/It has been hidden from readers\./)).toBeInTheDocument();
    expect(screen.getByText(/Name-calling\./)).toBeInTheDocument();
  });
});

describe('The rules', () => {
  it('are numbered for everybody, with their words, visitor or member', async () => {
    api();
    renderApp(paths.rules.getHref());
    expect(await screen.findByRole('heading', { level: 1, name: 'Rules of this server' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Rules' });
    expect([...list.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Be kind', 'No spam']);
    expect(list.querySelector('#rule-1')).toHaveTextContent('No name-calling. No threats.');
  });
});
