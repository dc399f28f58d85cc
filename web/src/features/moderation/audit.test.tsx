import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STAFF_ONLY, paths } from '@inkwell/contract';
import type { AuditLineView, ModAuditResponse } from '@inkwell/contract/schemas';
import { ownProfileQueryOptions } from '../../api/get-own-profile';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { signIn } from '../../test/posts';

const AUDITOR = { role: 'admin', permissions: ['manageReports', 'viewAuditLog'] as const };
const MODERATOR = { role: 'moderator', permissions: ['manageReports'] as const };

function anEntry(overrides: Partial<AuditLineView> = {}): AuditLineView {
  return {
    id: 30,
    at: '2026-11-30T09:15:00.000Z',
    actor: { id: 3, name: 'Wren' },
    action: 'case.decide',
    target: { kind: 'comment', id: 70, label: 'Buy cheap watches here' },
    before: { status: 'open' },
    after: { status: 'resolved', decision: 'hide', note: '<b>Advertising</b>' },
    case_id: 12,
    ...overrides,
  };
}

const suspended = anEntry({
  id: 29,
  at: '2026-11-29T18:00:00.000Z',
  actor: { id: 5, name: 'Ash' },
  action: 'account.suspend',
  target: { kind: 'account', id: 40, label: '@spammy' },
  before: null,
  after: { until: null },
  case_id: null,
});

const odd = anEntry({
  id: 28,
  action: 'bench.page',
  actor: { id: null, name: 'command line' },
  target: { kind: 'domain', id: null, label: 'far.example' },
  before: null,
  after: null,
  case_id: null,
});

const page = (entries: AuditLineView[], next_cursor: string | null = null): ModAuditResponse => ({
  entries,
  next_cursor,
  actions: ['account.suspend', 'bench.page', 'case.decide'],
  actors: [
    { id: 5, name: 'Ash' },
    { id: 3, name: 'Wren' },
  ],
});

interface Options {
  audit?: (body: Record<string, unknown>, cursor: string | null) => { status?: number; body: unknown };
  staff?: typeof AUDITOR | typeof MODERATOR | null;
}

function auditApi({ audit = () => ({ body: page([anEntry(), suspended, odd]) }), staff = AUDITOR }: Options = {}) {
  return mockApi((path, init) => {
    if (path.split('?')[0] === '/api/mod/audit') return audit(jsonBody(init) as Record<string, unknown>, new URL(path, 'http://x').searchParams.get('cursor'));
    if (path.startsWith('/api/mod/cases')) return { body: { cases: [], next_cursor: null, open_count: 0 } };
    if (path === '/api/mod/case') return { status: 403, body: { message: STAFF_ONLY } };
    if (path === 'rules') return { body: { rules: [] } };
    if (path === 'profile') return { body: { user: { ...aProfile, staff } } };
    return undefined;
  });
}

const callsTo = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === path).map(([url, init]) => ({ url: String(url), body: jsonBody(init as RequestInit) }));

const FILTERED = '/mod/audit?actor_id=3&action=case.decide&target_kind=account&server=far.example&from=2026-11-01&to=2026-11-30';

describe('The audit log', () => {
  it('lists each entry with when, who, the action, on what, its case and what changed as text', async () => {
    signIn(7);
    const fetchMock = auditApi();
    renderApp(paths.modAudit.getHref());
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    expect(screen.getByText('Everything staff and the command line did, newest first. Nothing here can be changed or removed.')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Audit log entries' });
    const [decided, suspension, unknown] = within(list).getAllByRole('listitem');

    expect(decided).toHaveTextContent('Wren');
    expect(decided).toHaveTextContent('Decided a case');
    expect(within(decided!).getByText('case.decide').tagName).toBe('CODE');
    expect(decided).toHaveTextContent('On comment “Buy cheap watches here”');
    expect(within(decided!).getByRole('link', { name: 'Case 12' })).toHaveAttribute('href', '/mod/cases/12');
    expect(decided!.querySelector('time')).toHaveAttribute('dateTime', '2026-11-30T09:15:00.000Z');
    expect(decided!.querySelector('time')!.textContent).toMatch(/2026/);
    const changed = decided!.querySelector('details')!;
    expect(within(changed).getByText('What changed')).toBeInTheDocument();
    expect(changed).toHaveTextContent('{"status":"open"}');
    expect(changed).toHaveTextContent('{"status":"resolved","decision":"hide","note":"<b>Advertising</b>"}');
    expect(changed.querySelector('b')).toBeNull();

    expect(suspension).toHaveTextContent('Ash');
    expect(suspension).toHaveTextContent('Suspended an account');
    expect(suspension).toHaveTextContent('On account “@spammy”');
    expect(within(suspension!).queryByRole('link')).not.toBeInTheDocument();

    // A kind the console has no words for shows as it is on file; nothing changed, nothing to open.
    expect(within(unknown!).getByText('bench.page').tagName).toBe('CODE');
    expect(unknown).toHaveTextContent('command line');
    expect(unknown!.querySelector('details')).toBeNull();

    expect(callsTo(fetchMock, '/api/mod/audit')).toEqual([{ url: '/api/mod/audit', body: {} }]);
    const nav = screen.getByRole('navigation', { name: 'Moderation console' });
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Cases' })).toHaveAttribute('href', '/mod');
    expect(within(nav).getByRole('link', { name: 'Cases' })).not.toHaveAttribute('aria-current');
  });

  it('filters with a plain GET form whose fields keep the address’s values, and exports the same query as CSV', async () => {
    signIn(7);
    const fetchMock = auditApi();
    renderApp(FILTERED);
    await screen.findByRole('list', { name: 'Audit log entries' });
    const form = screen.getByRole('form', { name: 'Filter the audit log' });
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/mod/audit');
    expect(screen.getByLabelText('Moderator')).toHaveAttribute('name', 'actor_id');
    expect(screen.getByLabelText('Moderator')).toHaveValue('3');
    expect(screen.getByRole('option', { name: 'Anyone' })).toHaveValue('');
    expect(screen.getByLabelText('Action')).toHaveAttribute('name', 'action');
    expect(screen.getByLabelText('Action')).toHaveValue('case.decide');
    expect(screen.getByRole('option', { name: 'Any action' })).toHaveValue('');
    expect(screen.getByLabelText('On')).toHaveAttribute('name', 'target_kind');
    expect(screen.getByLabelText('On')).toHaveValue('account');
    expect(screen.getByRole('option', { name: 'watched term' })).toHaveValue('watched-term');
    expect(screen.getByLabelText('Server')).toHaveAttribute('name', 'server');
    expect(screen.getByLabelText('Server')).toHaveAttribute('placeholder', 'mastodon.example');
    expect(screen.getByLabelText('Server')).toHaveValue('far.example');
    expect(screen.getByLabelText('From')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('To')).toHaveAttribute('name', 'to');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-30');
    expect(within(form).getByRole('button', { name: 'Filter' })).toHaveAttribute('type', 'submit');
    expect(within(form).getByRole('link', { name: 'Clear' })).toHaveAttribute('href', '/mod/audit');

    expect(callsTo(fetchMock, '/api/mod/audit')[0]!.body).toEqual({
      actor_id: 3,
      action: 'case.decide',
      target_kind: 'account',
      server: 'far.example',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(screen.getByRole('link', { name: 'Export as CSV' })).toHaveAttribute(
      'href',
      '/api/mod/audit.csv?actor_id=3&action=case.decide&target_kind=account&server=far.example&from=2026-11-01&to=2026-11-30',
    );
    expect(screen.getByText('The rows that match, newest first, at most 10 000.')).toBeInTheDocument();
  });

  it('filters in the app: moves to the filters’ address and asks the API with them', async () => {
    signIn(7);
    const fetchMock = auditApi();
    const { router } = renderApp(paths.modAudit.getHref());
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Audit log entries' });
    await user.selectOptions(screen.getByLabelText('Moderator'), 'Wren');
    await user.selectOptions(screen.getByLabelText('Action'), 'Suspended an account (account.suspend)');
    await user.type(screen.getByLabelText('Server'), 'far.example');
    await user.click(screen.getByRole('button', { name: 'Filter' }));

    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/mod/audit?actor_id=3&action=account.suspend&server=far.example'));
    await waitFor(() => expect(callsTo(fetchMock, '/api/mod/audit').at(-1)!.body).toEqual({ actor_id: 3, action: 'account.suspend', server: 'far.example' }));
    expect(screen.getByRole('link', { name: 'Export as CSV' })).toHaveAttribute('href', '/api/mod/audit.csv?actor_id=3&action=account.suspend&server=far.example');
    expect(screen.getByLabelText('Moderator')).toHaveValue('3');

    await user.click(screen.getByRole('link', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText('Server')).toHaveValue('');
    expect(screen.getByRole('link', { name: 'Export as CSV' })).toHaveAttribute('href', '/api/mod/audit.csv');
  });

  it('loads more with the cursor, keeping the filters', async () => {
    signIn(7);
    const fetchMock = auditApi({ audit: (_, cursor) => ({ body: cursor === 'c30' ? page([suspended]) : page([anEntry()], 'c30') }) });
    renderApp('/mod/audit?action=case.decide');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Suspended an account')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Audit log entries' })).getAllByRole('listitem')).toHaveLength(2);
    expect(callsTo(fetchMock, '/api/mod/audit')).toEqual([
      { url: '/api/mod/audit', body: { action: 'case.decide' } },
      { url: '/api/mod/audit?cursor=c30', body: { action: 'case.decide' } },
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    signIn(7);
    auditApi({ audit: () => ({ body: page([]) }) });
    renderApp('/mod/audit?server=quiet.example');
    expect(await screen.findByText('Nothing matches these filters.')).toBeInTheDocument();
  });

  it('tells a member who may not read it that it is for the moderators, calmly', async () => {
    signIn(7);
    auditApi({ audit: () => ({ status: 403, body: { message: STAFF_ONLY } }), staff: MODERATOR });
    renderApp(paths.modAudit.getHref());
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_ONLY);
    expect(screen.queryByRole('form', { name: 'Filter the audit log' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export as CSV' })).not.toBeInTheDocument();
  });

  it('shows a refused day or server by the filters, keeping what was asked', async () => {
    signIn(7);
    auditApi({ audit: () => ({ status: 422, body: { message: 'The first day must be a date.', errors: { from: ['The first day must be a date.'] } } }) });
    renderApp('/mod/audit?from=2026-13-45&server=far.example');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The first day must be a date.');
    expect(screen.getByRole('form', { name: 'Filter the audit log' })).toContainElement(alert);
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Server')).toHaveValue('far.example');
    expect(screen.queryByText('Nothing matches these filters.')).not.toBeInTheDocument();
  });
});

describe('The console’s navigation', () => {
  it('offers the audit log on the queue and a case to who may read it, marking where they are', async () => {
    signIn(7);
    auditApi();
    const first = renderApp(paths.mod.getHref());
    const nav = await screen.findByRole('navigation', { name: 'Moderation console' });
    expect(within(nav).getByRole('link', { name: 'Cases' })).toHaveAttribute('aria-current', 'page');
    expect(await within(nav).findByRole('link', { name: 'Audit log' })).toHaveAttribute('href', '/mod/audit');
    expect(within(nav).getByRole('link', { name: 'Audit log' })).not.toHaveAttribute('aria-current');
    first.unmount();

    renderApp(paths.modCase.getHref(12));
    const onCase = await screen.findByRole('navigation', { name: 'Moderation console' });
    expect(await within(onCase).findByRole('link', { name: 'Audit log' })).toHaveAttribute('href', '/mod/audit');
    expect(within(onCase).getByRole('link', { name: 'Cases' })).toHaveAttribute('aria-current', 'true');
  });

  it('leaves the audit log out for a moderator without the permission', async () => {
    signIn(7);
    auditApi({ staff: MODERATOR });
    renderApp(paths.mod.getHref(), (client) =>
      client.setQueryData(ownProfileQueryOptions('7').queryKey, { ...aProfile, staff: { role: 'moderator', permissions: ['manageReports'] } }),
    );
    const nav = await screen.findByRole('navigation', { name: 'Moderation console' });
    await screen.findByText('Nothing to decide. New reports come here.');
    expect(within(nav).getByRole('link', { name: 'Cases' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
  });
});

describe('The audit log before the app’s scripts run', () => {
  it('renders the entries and the filter form as a plain GET form with the address’s values', async () => {
    const { render } = await import('../../entry-server');
    const bodies: unknown[] = [];
    const answers: Record<string, unknown> = {
      '/api/mod/audit': page([anEntry(), suspended]),
      profile: { user: { ...aProfile, staff: AUDITOR } },
    };
    const transport = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input)
        .replace(/^\/api\/user\//, '')
        .split('?')[0]!;
      if (path === '/api/mod/audit') bodies.push(JSON.parse(String(init?.body)));
      const body = answers[path];
      return new Response(JSON.stringify(body ?? { message: 'Not found' }), { status: body ? 200 : 404, headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch;
    const rendered = await render({ url: '/mod/audit?action=case.decide&from=2026-11-01', sessionId: '7', transport });
    const doc = new DOMParser().parseFromString(`<div id="root">${rendered.html}</div>`, 'text/html');

    expect(rendered.status).toBe(200);
    expect(rendered.missed).toEqual([]);
    expect(bodies).toEqual([{ action: 'case.decide', from: '2026-11-01' }]);
    const form = doc.querySelector('form[method="get"][action="/mod/audit"]')!;
    expect(form).not.toBeNull();
    for (const name of ['actor_id', 'action', 'target_kind', 'server', 'from', 'to']) expect(form.querySelector(`[name="${name}"]`)).not.toBeNull();
    expect(form.querySelector('select[name="action"] option[value="case.decide"]')!.hasAttribute('selected')).toBe(true);
    expect(form.querySelector<HTMLInputElement>('input[name="from"]')!.getAttribute('value')).toBe('2026-11-01');
    expect([...form.querySelectorAll('select[name="actor_id"] option')].map((o) => o.textContent)).toEqual(['Anyone', 'Ash', 'Wren']);

    const entries = doc.querySelector('ul[aria-label="Audit log entries"]')!;
    expect(entries.textContent).toContain('Decided a case');
    expect(entries.textContent).toContain('Suspended an account');
    expect(entries.querySelector('a[href="/mod/cases/12"]')!.textContent).toBe('Case 12');
    expect(entries.querySelector('time')!.textContent).toBe('30 November 2026, 09:15 UTC');
    expect(doc.querySelector('a[href="/api/mod/audit.csv?action=case.decide&from=2026-11-01"]')!.textContent).toContain('Export as CSV');
    expect(doc.querySelector('nav[aria-label="Moderation console"] a[aria-current="page"]')!.textContent).toBe('Audit log');
  });
});
