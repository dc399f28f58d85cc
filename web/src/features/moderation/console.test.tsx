import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STAFF_ONLY, TEXT, paths } from '@inkwell/contract';
import type { CaseLine, ModCaseResponse, ModResolveResponse } from '@inkwell/contract/schemas';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { signIn } from '../../test/posts';
import { FORM_ECHO_KEY } from '../../lib/form-echo';

const STAFF = { role: 'moderator', permissions: ['manageReports', 'manageUsers'] as const };

function aCase(overrides: Partial<CaseLine> = {}): CaseLine {
  return {
    id: 12,
    status: 'open',
    opened_at: '2026-11-30T09:00:00.000Z',
    resolved_at: null,
    decision: null,
    forwarded_at: null,
    held_for: null,
    target: { kind: 'comment', id: 70 },
    about: { kind: 'comment', id: 70, label: 'Buy cheap watches here', author: 'Spammy', href: '/view-post/k3G7QA#comment-70' },
    subject: { id: 40, name: 'Spammy', address: '@spammy', elsewhere: false },
    report_count: 3,
    categories: { spam: 2, harassment: 1 },
    ...overrides,
  };
}

const held = aCase({
  id: 13,
  held_for: 'A new account’s first link',
  target: { kind: 'post', id: 5 },
  about: null,
  subject: { id: 41, name: null, address: '@bot@far.example', elsewhere: true },
  report_count: 0,
  categories: {},
});

const RULES = [
  { id: 4, number: 1, title: 'Be kind', body: '' },
  { id: 2, number: 2, title: 'No spam', body: '' },
];

const theCase: ModCaseResponse = {
  case: { ...aCase(), text: '<b>Cheap</b> watches, click now', decision_note: null, rule: null },
  reports: [
    { id: 91, at: '2026-11-30T10:00:00.000Z', category: 'harassment', note: '', status: 'open', reporter: null, server: 'far.example', server_reports: { reports: 4, upheld: 1 } },
    {
      id: 90,
      at: '2026-11-30T09:00:00.000Z',
      category: 'spam',
      note: 'Third time today.',
      status: 'open',
      reporter: { id: 8, name: 'Wren', address: '@wren', reports: 5, upheld: 3 },
      server: null,
      server_reports: null,
    },
  ],
  history: {
    actions: [{ id: 1, kind: 'warn', reason: 'Links to a shop in every comment', starts_at: '2026-10-01T08:00:00.000Z', ends_at: null, lifted_at: null }],
    cases: [{ id: 4, status: 'resolved', decision: 'warn', opened_at: '2026-09-30T08:00:00.000Z', target_kind: 'post' }],
  },
  server: null,
  decisions: ['none', 'note', 'hide'],
  rules: RULES,
  presets: [{ name: 'spam', text: 'This is advertising.' }],
};

interface Options {
  cases?: (body: { status: string; kind?: string }) => CaseLine[];
  queueStatus?: number;
  caseAnswer?: { status?: number; body: unknown };
  resolve?: { status?: number; body: unknown };
  staff?: typeof STAFF | null;
}

function consoleApi({ cases = () => [aCase(), held], queueStatus = 200, caseAnswer = { body: theCase }, resolve, staff = STAFF }: Options = {}) {
  return mockApi((path, init) => {
    if (path.startsWith('/api/mod/cases/resolve')) return resolve;
    if (path.startsWith('/api/mod/cases')) {
      if (queueStatus !== 200) return { status: queueStatus, body: { message: STAFF_ONLY } };
      return { body: { cases: cases(jsonBody(init) as { status: string }), next_cursor: null, open_count: 2 } };
    }
    if (path === '/api/mod/case') return caseAnswer;
    if (path === 'rules') return { body: { rules: RULES } };
    if (path === 'profile') return { body: { user: { ...aProfile, staff } } };
    return undefined;
  });
}

const callsTo = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === path).map(([, init]) => jsonBody(init as RequestInit));

describe('The moderation queue', () => {
  it('lists the cases with what they are about, the account, the reports by category and why held; its filters are links', async () => {
    signIn(7);
    const fetchMock = consoleApi({
      cases: (body) => (body.status === 'resolved' ? [aCase({ id: 9, status: 'resolved', resolved_at: '2026-11-30T12:00:00.000Z', decision: 'hide' })] : [aCase(), held]),
    });
    renderApp(paths.mod.getHref());
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Case 12' })).toHaveAttribute('href', '/mod/cases/12');
    const list = screen.getByRole('list', { name: 'Open cases' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Buy cheap watches here');
    expect(first).toHaveTextContent('by Spammy');
    expect(first).toHaveTextContent('@spammy');
    expect(first).toHaveTextContent('3 reports: Spam 2, Harassment or hate 1');
    expect(second).toHaveTextContent('Story gone');
    expect(second).toHaveTextContent('Held for review: A new account’s first link');
    expect(second).toHaveTextContent('@bot@far.example');
    expect(second).toHaveTextContent('Account elsewhere');
    expect(callsTo(fetchMock, '/api/mod/cases')[0]).toEqual({ status: 'open' });

    const open = screen.getByRole('link', { name: 'Open (2)' });
    expect(open).toHaveAttribute('href', '/mod');
    expect(open).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Comments' })).toHaveAttribute('href', '/mod?kind=comment');
    expect(screen.getByRole('link', { name: 'Accounts' })).toHaveAttribute('href', '/mod?kind=account');
    const decided = screen.getByRole('link', { name: 'Decided' });
    expect(decided).toHaveAttribute('href', '/mod?status=resolved');

    await userEvent.setup().click(decided);
    expect(await screen.findByRole('link', { name: 'Case 9' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Decided cases' })).toHaveTextContent('Decided: Hide it');
    expect(screen.queryByRole('button', { name: 'Decide selected' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Replies' })).toHaveAttribute('href', '/mod?status=resolved&kind=reply');
    expect(callsTo(fetchMock, '/api/mod/cases').at(-1)).toEqual({ status: 'resolved' });
  });

  it('decides the selected cases at once, names the ones refused and reads the queue again', async () => {
    signIn(7);
    const answer: ModResolveResponse = { message: '1 case decided; 1 case not.', decided: [12], refused: [{ id: 13, message: 'That case is decided already.' }] };
    const fetchMock = consoleApi({ resolve: { body: answer } });
    renderApp(paths.mod.getHref());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Decide selected' }));
    expect(await screen.findByText('Choose the cases to decide.')).toBeInTheDocument();
    expect(screen.getByText('Choose a decision.')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Select case 12' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select case 13' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'No rule broken' }));
    await user.selectOptions(screen.getByLabelText('Rule broken'), '2. No spam');
    await user.type(screen.getByLabelText('Note (told to the account and the reporters)'), 'A spam wave.');
    const queueReads = callsTo(fetchMock, '/api/mod/cases').length;
    await user.click(screen.getByRole('button', { name: 'Decide selected' }));

    const status = await screen.findByText('1 case decided; 1 case not.');
    expect(status.closest('[role="status"]')).toHaveTextContent('Case 13: That case is decided already.');
    expect(callsTo(fetchMock, '/api/mod/cases/resolve')).toEqual([{ ids: [12, 13], decision: 'none', rule_id: 2, note: 'A spam wave.' }]);
    await waitFor(() => expect(callsTo(fetchMock, '/api/mod/cases').length).toBeGreaterThan(queueReads));
    expect(screen.getByRole('checkbox', { name: 'Select case 12' })).not.toBeChecked();
  });

  it('shows a plain form that decided only some cases as a result naming those not decided, not as an error', async () => {
    signIn(7);
    consoleApi();
    const echo = {
      path: '/mod',
      values: { ids: '13', decision: 'none', note: '', refused: JSON.stringify([{ id: 13, message: 'That case is decided already.' }]) },
      errors: {},
      message: '1 case decided; 1 case not.',
    };
    renderApp(paths.mod.getHref(), (client) => client.setQueryData(FORM_ECHO_KEY, echo));
    const status = await screen.findByText('1 case decided; 1 case not.');
    expect(status.closest('[role="status"]')).toHaveTextContent('Case 13: That case is decided already.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select case 13' })).toBeChecked();
  });

  it('tells a member without the role that it is for the moderators, calmly', async () => {
    signIn(7);
    consoleApi({ queueStatus: 403, staff: null });
    renderApp(paths.mod.getHref());
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_ONLY);
    expect(screen.queryByRole('link', { name: /^Case / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decide selected' })).not.toBeInTheDocument();
  });

  it('says when there is nothing to decide', async () => {
    signIn(7);
    consoleApi({ cases: () => [] });
    renderApp(paths.mod.getHref());
    expect(await screen.findByText('Nothing to decide. New reports come here.')).toBeInTheDocument();
  });
});

describe('A case', () => {
  it('shows what it is about as plain text, the reports oldest first with their reporters, the history, and only the decisions offered', async () => {
    signIn(7);
    const fetchMock = consoleApi();
    renderApp(paths.modCase.getHref(12));
    expect(await screen.findByRole('heading', { level: 1, name: 'Case 12' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Buy cheap watches here' })).toHaveAttribute('href', '/view-post/k3G7QA#comment-70');
    expect(screen.getByText('<b>Cheap</b> watches, click now')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/mod/case')).toEqual([{ id: 12 }]);

    const reports = within(screen.getByRole('list', { name: 'Reports, oldest first' })).getAllByRole('listitem');
    expect(reports[0]).toHaveTextContent('Spam');
    expect(reports[0]).toHaveTextContent('Third time today.');
    expect(reports[0]).toHaveTextContent('Reported by Wren @wren · 5 reports, 3 acted on');
    expect(reports[1]).toHaveTextContent('Harassment or hate');
    expect(reports[1]).toHaveTextContent('From far.example · 4 reports, 1 acted on');
    // A member's case: no server to stand with.
    expect(screen.queryByRole('heading', { name: 'The account’s server' })).not.toBeInTheDocument();

    expect(screen.getByRole('list', { name: 'Earlier actions' })).toHaveTextContent('Warned');
    expect(screen.getByRole('list', { name: 'Earlier actions' })).toHaveTextContent('Links to a shop in every comment');
    expect(screen.getByRole('link', { name: 'Case 4' })).toHaveAttribute('href', '/mod/cases/4');
    expect(screen.getByRole('list', { name: 'Earlier cases' })).toHaveTextContent('Decided: Warn');

    const group = screen.getByRole('group', { name: 'Decision' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['none', 'note', 'hide']);
    expect(within(group).queryByRole('radio', { name: 'Suspend the account' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decide case 12' }).closest('form')).toHaveAttribute('action', '/mod/cases/12');
    expect(screen.getByLabelText('Start from a preset')).toHaveTextContent('spam');
  });

  it('shows how the server stands of an account elsewhere: its block, its accounts, its cases and reports, with links', async () => {
    signIn(7);
    consoleApi({
      caseAnswer: {
        body: {
          ...theCase,
          case: { ...theCase.case, subject: { id: 41, name: 'Bot', address: '@bot@far.example:8443', elsewhere: true } },
          server: {
            host: 'far.example:8443',
            block: { domain: 'example', severity: 'silence', reject_media: true, reject_reports: false },
            accounts: 12,
            cases: { open: 2, acted: 3, dismissed: 1 },
            reports: { reports: 1, upheld: 0 },
          },
        },
      },
    });
    renderApp(paths.modCase.getHref(12));
    const section = (await screen.findByRole('heading', { name: 'The account’s server' })).closest('section')!;
    const said = [
      'far.example:8443',
      'Blocked: Limit',
      'Media refused',
      'through the block of example',
      'Accounts known here12',
      '2 open, 3 acted on, 1 with nothing done',
      '1 report, 0 acted on',
    ];
    for (const words of said) expect(section).toHaveTextContent(words);
    expect(within(section).getByRole('link', { name: 'Servers' })).toHaveAttribute('href', '/mod/servers');
    expect(within(section).getByRole('link', { name: 'What was done to it' })).toHaveAttribute('href', '/mod/audit?server=far.example');
  });

  it('offers no form once decided, and says why', async () => {
    signIn(7);
    consoleApi({
      caseAnswer: {
        body: {
          ...theCase,
          case: { ...theCase.case, status: 'resolved', decision: 'hide', resolved_at: '2026-11-30T12:00:00.000Z', rule: 'No spam', decision_note: 'Advertising.' },
          decisions: [],
        },
      },
    });
    renderApp(paths.modCase.getHref(12));
    expect(await screen.findByText('This case is decided already: there is nothing more to decide.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Decision' })).not.toBeInTheDocument();
    expect(screen.getByText('Advertising.')).toBeInTheDocument();
  });

  it('shows a refused decision’s field error and message, keeping what was chosen and typed', async () => {
    signIn(7);
    const fetchMock = consoleApi({ resolve: { status: 422, body: { message: 'The given data was invalid.', errors: { note: ['Hiding it needs a note.'] } } } });
    renderApp(paths.modCase.getHref(12));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Hide it' }));
    await user.selectOptions(screen.getByLabelText('How long'), '1 day');
    await user.type(screen.getByLabelText('Note (told to the account and the reporters)'), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Decide case 12' }));
    expect(await screen.findByText('Hiding it needs a note.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The given data was invalid.');
    expect(screen.getByLabelText('Note (told to the account and the reporters)')).toHaveValue('Too short');
    expect(screen.getByLabelText('Note (told to the account and the reporters)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('radio', { name: 'Hide it' })).toBeChecked();
    expect(callsTo(fetchMock, '/api/mod/cases/resolve')).toEqual([{ ids: [12], decision: 'hide', for: '1d', note: 'Too short' }]);
  });

  it('goes back to the queue with the answer’s message once decided', async () => {
    signIn(7);
    consoleApi({ resolve: { body: { message: '1 case decided.', decided: [12], refused: [] } } });
    const { router } = renderApp(paths.modCase.getHref(12));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Keep a note' }));
    await user.click(screen.getByRole('button', { name: 'Decide case 12' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mod'));
    expect(await screen.findByRole('status')).toHaveTextContent('1 case decided.');
  });

  it('tells a member without the role that it is for the moderators', async () => {
    signIn(7);
    consoleApi({ caseAnswer: { status: 403, body: { message: STAFF_ONLY } }, staff: null });
    renderApp(paths.modCase.getHref(12));
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_ONLY);
  });

  it('is not found at an address that is no case number', async () => {
    signIn(7);
    const fetchMock = consoleApi();
    renderApp('/mod/cases/abc');
    expect(await screen.findByRole('heading', { level: 1, name: TEXT.notFoundTitle })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/mod/case')).toEqual([]);
  });
});

describe('The way in', () => {
  it('is a row of Settings for staff only', async () => {
    signIn(7);
    consoleApi();
    const first = renderApp(paths.settings.getHref());
    expect(await screen.findByRole('link', { name: /^Moderation/ })).toHaveAttribute('href', '/mod');
    first.unmount();

    consoleApi({ staff: null });
    renderApp(paths.settings.getHref());
    expect(await screen.findByRole('link', { name: /^Your reports/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Moderation/ })).not.toBeInTheDocument();
  });
});

describe('The console before the app’s scripts run', () => {
  /** The server's render of a page, its calls answered as the API would. */
  async function serverPage(url: string, form?: { path: string; values: Record<string, string>; errors: Record<string, string>; message: string | null }) {
    const { render } = await import('../../entry-server');
    const answers: Record<string, unknown> = {
      '/api/mod/cases': { cases: [aCase(), held], next_cursor: null, open_count: 2 },
      '/api/mod/case': theCase,
      rules: { rules: RULES },
      profile: { user: { ...aProfile, staff: STAFF } },
    };
    const transport = (async (input: RequestInfo | URL) => {
      const body =
        answers[
          String(input)
            .replace(/^\/api\/user\//, '')
            .split('?')[0]!
        ];
      return new Response(JSON.stringify(body ?? { message: 'Not found' }), { status: body ? 200 : 404, headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch;
    const page = await render({ url, sessionId: '7', transport, ...(form ? { form } : {}) });
    const doc = new DOMParser().parseFromString(`<div id="root">${page.html}</div>`, 'text/html');
    return { page, doc };
  }

  it('renders the queue’s bulk form as a plain form, with the ticks and the words a refused one came back with', async () => {
    const { page, doc } = await serverPage('/mod?kind=comment', {
      path: '/mod',
      values: { ids: '13', note: 'A spam wave.' },
      errors: { decision: 'Choose a decision.' },
      message: null,
    });
    expect(page.missed).toEqual([]);
    const form = doc.querySelector('form[method="post"][action="/mod?kind=comment"]')!;
    expect(form).not.toBeNull();
    expect([...form.querySelectorAll<HTMLInputElement>('input[name="ids"]')].map((box) => [box.value, box.hasAttribute('checked')])).toEqual([
      ['12', false],
      ['13', true],
    ]);
    expect(form.querySelector('textarea[name="note"]')!.textContent).toBe('A spam wave.');
    expect(form.textContent).toContain('Choose a decision.');
    for (const name of ['decision', 'for', 'rule_id', 'note']) expect(form.querySelector(`[name="${name}"]`)).not.toBeNull();
  });

  it('renders a case’s form as a plain form posting to the case', async () => {
    const { page, doc } = await serverPage('/mod/cases/12', {
      path: '/mod/cases/12',
      values: { decision: 'hide', note: 'Too short' },
      errors: { note: 'Hiding it needs a note.' },
      message: null,
    });
    expect(page.status).toBe(200);
    expect(page.missed).toEqual([]);
    const form = doc.querySelector('form[method="post"][action="/mod/cases/12"]')!;
    expect(form.querySelector<HTMLInputElement>('input[name="decision"][value="hide"]')!.hasAttribute('checked')).toBe(true);
    expect(form.querySelector('textarea[name="note"]')!.textContent).toBe('Too short');
    expect(form.textContent).toContain('Hiding it needs a note.');
    expect([...form.querySelectorAll('select[name="preset"] option')].map((option) => option.textContent)).toEqual(['None', 'spam']);
  });
});
