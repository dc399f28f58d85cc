import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STAFF_ONLY, SERVER_SEVERITY_HINTS, paths } from '@inkwell/contract';
import type { ModServersResponse, ServerBlock } from '@inkwell/contract/schemas';
import { ownProfileQueryOptions } from '../../api/get-own-profile';
import { FORM_ECHO_KEY } from '../../lib/form-echo';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { signIn } from '../../test/posts';

const ADMIN = { role: 'admin', permissions: ['manageReports', 'manageFederation', 'viewAuditLog'] as const };

function aBlock(overrides: Partial<ServerBlock> = {}): ServerBlock {
  return {
    domain: 'spam.example',
    severity: 'suspend',
    reject_media: true,
    reject_reports: true,
    obfuscate: false,
    public_comment: 'Spam, <b>only</b> spam.',
    private_comment: 'Ticket 42: three waves in a week.',
    created_at: '2026-11-30T09:15:00.000Z',
    updated_at: '2026-11-30T09:15:00.000Z',
    accounts: 12,
    ...overrides,
  };
}

const farm = aBlock({ domain: 'farm.example', severity: 'silence', reject_media: false, reject_reports: false, public_comment: 'Follow farms.', private_comment: '', accounts: 3 });
const pics = aBlock({ domain: 'pics.example', severity: 'noop', reject_reports: false, obfuscate: true, public_comment: '', private_comment: '', accounts: 1 });

type Answer = { status?: number; body: unknown };
interface Options {
  list?: () => Answer;
  save?: (body: Record<string, unknown>) => Answer;
  remove?: (body: Record<string, unknown>) => Answer;
  import?: (body: Record<string, unknown>) => Answer;
  staff?: { role: string; permissions: readonly string[] } | null;
}

function serversApi({
  list = () => ({ body: { servers: [pics, aBlock(), farm] } satisfies ModServersResponse }),
  save = (body) => ({ body: { message: `${String(body.domain)} is blocked.`, server: aBlock({ domain: String(body.domain) }), ended_follows: 0 } }),
  remove = (body) => ({ body: { message: `The block on ${String(body.domain)} was lifted.` } }),
  import: importCsv = () => ({ body: { message: '1 server blocked; 2 lines skipped.', added: ['new.example'], skipped: [] } }),
  staff = ADMIN,
}: Options = {}) {
  return mockApi((path, init) => {
    if (path === '/api/mod/servers') return list();
    if (path === '/api/mod/servers/save') return save(jsonBody(init) as Record<string, unknown>);
    if (path === '/api/mod/servers/remove') return remove(jsonBody(init) as Record<string, unknown>);
    if (path === '/api/mod/servers/import') return importCsv(jsonBody(init) as Record<string, unknown>);
    if (path.split('?')[0] === '/api/mod/appeals') return { status: 403, body: { message: STAFF_ONLY } };
    if (path === 'profile') return { body: { user: { ...aProfile, staff } } };
    return undefined;
  });
}

const callsTo = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === path).map(([, init]) => jsonBody(init as RequestInit));

const item = (domain: string) => screen.getByRole('article', { name: domain });

describe('The servers in the console', () => {
  it('lists each block with its severity, what is refused, its comments, since when and its accounts, as plain forms', async () => {
    signIn(7);
    const fetchMock = serversApi();
    renderApp(paths.modServers.getHref());
    expect(await screen.findByRole('heading', { level: 1, name: 'Servers' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Blocked servers' });
    const [first, second, third] = within(list).getAllByRole('article');

    expect(first).toHaveAccessibleName('pics.example');
    expect(first).toHaveTextContent('No block');
    expect(first).toHaveTextContent('Refused: its media.');
    expect(first).toHaveTextContent('Partly hidden on the public list');
    expect(first).toHaveTextContent('1 account of it known here');
    expect(first).not.toHaveTextContent('Public comment:');
    expect(first).not.toHaveTextContent('Private comment (staff only):');

    expect(second).toHaveAccessibleName('spam.example');
    expect(second).toHaveTextContent('Suspended');
    expect(second).toHaveTextContent('Refused: its media and its reports.');
    expect(second).toHaveTextContent('Public comment:Spam, <b>only</b> spam.');
    expect(second!.querySelector('b')).toBeNull();
    expect(second).toHaveTextContent('Private comment (staff only):Ticket 42: three waves in a week.');
    expect(second).toHaveTextContent('12 accounts of it known here');
    expect(within(second!).getByRole('time')).toHaveAttribute('dateTime', '2026-11-30T09:15:00.000Z');
    expect(third).toHaveAccessibleName('farm.example');
    expect(third).toHaveTextContent('Limited');
    expect(third).not.toHaveTextContent('Refused:');

    // Each block's edit form, closed, filled with the block and its domain fixed.
    const edit = within(second!).getByRole('form', { name: 'Change the block on spam.example' });
    expect(edit.closest('details')).not.toHaveAttribute('open');
    expect(edit).toHaveAttribute('method', 'post');
    expect(edit).toHaveAttribute('action', '/mod/servers');
    expect(edit.querySelector('input[type=hidden][name=form]')).toHaveValue('save');
    expect(edit.querySelector('input[type=hidden][name=domain]')).toHaveValue('spam.example');
    expect(within(edit).getByRole('radio', { name: 'Suspend', hidden: true })).toBeChecked();
    expect(within(edit).getByRole('checkbox', { name: 'Refuse its reports', hidden: true })).toBeChecked();
    expect(within(edit).getByRole('checkbox', { name: 'Hide part of the domain on the public list', hidden: true })).not.toBeChecked();
    const lift = within(second!).getByRole('form', { name: 'Lift the block on spam.example' });
    expect(lift.querySelector('input[type=hidden][name=form]')).toHaveValue('remove');
    expect(lift.querySelector('input[type=hidden][name=domain]')).toHaveValue('spam.example');

    const add = screen.getByRole('form', { name: 'Add a block' });
    expect(add).toHaveAttribute('action', '/mod/servers');
    expect(add.querySelector('input[type=hidden][name=form]')).toHaveValue('save');
    expect(within(add).getByLabelText('Domain')).toHaveAttribute('name', 'domain');
    expect(
      within(add)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['suspend', 'silence', 'noop']);
    expect(within(add).getByRole('radio', { name: 'Suspend' })).not.toBeChecked();
    expect(add).toHaveTextContent(SERVER_SEVERITY_HINTS.suspend);
    expect(within(add).getByRole('checkbox', { name: 'Refuse its media: its accounts’ pictures are not kept' })).toHaveAttribute('name', 'reject_media');
    expect(within(add).getByLabelText('Public comment, shown on the moderation page')).toHaveAttribute('maxLength', '1000');
    expect(within(add).getByLabelText('Private comment, for staff only')).toHaveAttribute('name', 'private_comment');

    const importForm = screen.getByRole('form', { name: 'Import blocks' });
    expect(importForm.querySelector('input[type=hidden][name=form]')).toHaveValue('import');
    expect(within(importForm).getByLabelText('Paste a Mastodon domain-block CSV')).toHaveAttribute('name', 'csv');
    expect(within(importForm).getByLabelText('Or choose its file')).toHaveAttribute('accept', '.csv,text/csv');
    const csv = screen.getByRole('link', { name: 'Download as CSV (Mastodon’s format)' });
    expect(csv).toHaveAttribute('href', '/api/mod/servers.csv');
    expect(csv).toHaveAttribute('download');

    expect(callsTo(fetchMock, '/api/mod/servers')).toEqual([{}]);
    const nav = screen.getByRole('navigation', { name: 'Moderation console' });
    expect(within(nav).getByRole('link', { name: 'Servers' })).toHaveAttribute('aria-current', 'page');
  });

  it('adds a block with its choices as booleans, says what it did and reads the list again; a refusal shows under its field', async () => {
    signIn(7);
    let refuse = true;
    const fetchMock = serversApi({
      save: (body) =>
        refuse
          ? { status: 422, body: { message: 'Validation failed', errors: { domain: ['That is not a domain.'] } } }
          : { body: { message: `${String(body.domain)} is blocked: 3 follows ended.`, server: aBlock({ domain: String(body.domain) }), ended_follows: 3 } },
    });
    renderApp(paths.modServers.getHref());
    const add = await screen.findByRole('form', { name: 'Add a block' });
    const user = userEvent.setup();
    await user.click(within(add).getByRole('button', { name: 'Add the block' }));
    expect(within(add).getByText('The domain field is required.')).toBeInTheDocument();
    expect(within(add).getByText('Choose what happens to the server.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/mod/servers/save')).toEqual([]);

    await user.type(within(add).getByLabelText('Domain'), ' not a domain ');
    await user.click(within(add).getByRole('radio', { name: 'Suspend' }));
    await user.click(within(add).getByRole('checkbox', { name: 'Refuse its reports' }));
    await user.type(within(add).getByLabelText('Public comment, shown on the moderation page'), 'Spam waves.');
    await user.click(within(add).getByRole('button', { name: 'Add the block' }));
    expect(await within(add).findByText('That is not a domain.')).toBeInTheDocument();
    expect(within(add).getByLabelText('Domain')).toHaveAttribute('aria-invalid', 'true');
    expect(within(add).getByLabelText('Public comment, shown on the moderation page')).toHaveValue('Spam waves.');
    expect(within(add).queryByText('Validation failed')).not.toBeInTheDocument();

    refuse = false;
    const reads = callsTo(fetchMock, '/api/mod/servers').length;
    await user.clear(within(add).getByLabelText('Domain'));
    await user.type(within(add).getByLabelText('Domain'), 'waves.example');
    await user.click(within(add).getByRole('button', { name: 'Add the block' }));
    expect(await screen.findByRole('status')).toHaveTextContent('waves.example is blocked: 3 follows ended.');
    expect(callsTo(fetchMock, '/api/mod/servers/save').at(-1)).toEqual({
      domain: 'waves.example',
      severity: 'suspend',
      reject_media: false,
      reject_reports: true,
      obfuscate: false,
      public_comment: 'Spam waves.',
      private_comment: '',
    });
    await waitFor(() => expect(callsTo(fetchMock, '/api/mod/servers').length).toBeGreaterThan(reads));
    // A fresh form for the next block.
    expect(within(screen.getByRole('form', { name: 'Add a block' })).getByLabelText('Domain')).toHaveValue('');
  });

  it('changes a block from its own form, the domain fixed', async () => {
    signIn(7);
    const fetchMock = serversApi();
    renderApp(paths.modServers.getHref());
    await screen.findByRole('list', { name: 'Blocked servers' });
    const user = userEvent.setup();
    await user.click(within(item('pics.example')).getByText('Edit', { selector: 'summary' }));
    const edit = within(item('pics.example')).getByRole('form', { name: 'Change the block on pics.example' });
    await user.click(within(edit).getByRole('checkbox', { name: 'Refuse its reports' }));
    await user.type(within(edit).getByLabelText('Private comment, for staff only'), 'Asked by their admin.');
    await user.click(within(edit).getByRole('button', { name: 'Save changes to the block on pics.example' }));
    expect(await screen.findByRole('status')).toHaveTextContent('pics.example is blocked.');
    expect(callsTo(fetchMock, '/api/mod/servers/save')).toEqual([
      {
        domain: 'pics.example',
        severity: 'noop',
        reject_media: true,
        reject_reports: true,
        obfuscate: true,
        public_comment: '',
        private_comment: 'Asked by their admin.',
      },
    ]);
  });

  it('lifts a block and says so', async () => {
    signIn(7);
    const fetchMock = serversApi();
    renderApp(paths.modServers.getHref());
    await screen.findByRole('list', { name: 'Blocked servers' });
    const user = userEvent.setup();
    await user.click(within(item('spam.example')).getByRole('button', { name: 'Lift the block on spam.example' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The block on spam.example was lifted.');
    expect(callsTo(fetchMock, '/api/mod/servers/remove')).toEqual([{ domain: 'spam.example' }]);
  });

  it('imports a CSV from its file, says what was added and lists each line skipped; a refusal shows under the box', async () => {
    signIn(7);
    let refuse = true;
    const fetchMock = serversApi({
      import: () =>
        refuse
          ? { status: 422, body: { message: 'Validation failed', errors: { csv: ['The CSV may not be greater than 1000000 characters.'] } } }
          : {
              body: {
                message: '1 server blocked; 2 lines skipped.',
                added: ['new.example'],
                skipped: [
                  { line: 3, domain: 'spam.example', reason: 'It is blocked here already.' },
                  { line: 4, domain: 'odd.example', reason: 'The severity “sandbox” is not known here.' },
                ],
              },
            },
    });
    renderApp(paths.modServers.getHref());
    const form = await screen.findByRole('form', { name: 'Import blocks' });
    const user = userEvent.setup();
    const text = '#domain,#severity\nnew.example,suspend\nspam.example,suspend\nodd.example,sandbox\n';
    await user.upload(within(form).getByLabelText('Or choose its file'), new File([text], 'blocks.csv', { type: 'text/csv' }));
    await waitFor(() => expect(within(form).getByLabelText('Paste a Mastodon domain-block CSV')).toHaveValue(text));
    await user.click(within(form).getByRole('button', { name: 'Import' }));
    expect(await within(form).findByText('The CSV may not be greater than 1000000 characters.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Paste a Mastodon domain-block CSV')).toHaveAttribute('aria-invalid', 'true');

    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Import' }));
    const status = await within(form).findByRole('status');
    expect(status).toHaveTextContent('1 server blocked; 2 lines skipped.');
    expect(
      within(within(status).getByRole('list', { name: 'Lines not taken' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Line 3, spam.example: It is blocked here already.', 'Line 4, odd.example: The severity “sandbox” is not known here.']);
    expect(callsTo(fetchMock, '/api/mod/servers/import')).toEqual([{ csv: text }, { csv: text }]);
  });

  it('offers a filter by domain once the list is long', async () => {
    signIn(7);
    const many = Array.from({ length: 21 }, (_, n) => aBlock({ domain: `s${String(n).padStart(2, '0')}.example` }));
    serversApi({ list: () => ({ body: { servers: many } }) });
    renderApp(paths.modServers.getHref());
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Find a domain'), 'S1');
    const list = screen.getByRole('list', { name: 'Blocked servers' });
    expect(within(list).getAllByRole('article')).toHaveLength(10);
    expect(within(list).getAllByRole('article')[0]).toHaveAccessibleName('s10.example');
    await user.type(screen.getByLabelText('Find a domain'), '9x');
    expect(screen.getByText('No blocked server matches “S19x”.')).toBeInTheDocument();
  });

  it('says when no server is blocked', async () => {
    signIn(7);
    serversApi({ list: () => ({ body: { servers: [] } }) });
    renderApp(paths.modServers.getHref());
    expect(await screen.findByText('No server is blocked.')).toBeInTheDocument();
  });

  it('tells a member who may not manage the servers, once, with no forms', async () => {
    signIn(7);
    serversApi({ list: () => ({ status: 403, body: { message: STAFF_ONLY } }), staff: null });
    renderApp(paths.modServers.getHref());
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_ONLY);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Download as CSV/ })).not.toBeInTheDocument();
  });
});

describe('The servers’ plain forms, answered by the server', () => {
  it('opens the edit form of the block a refused change was for, with what was sent and the error', async () => {
    signIn(7);
    serversApi();
    const echo = {
      path: '/mod/servers',
      values: { form: 'save', domain: 'spam.example', severity: 'noop', reject_media: 'on', public_comment: 'Changed my mind.', private_comment: '' },
      errors: { public_comment: 'The public comment may not be greater than 1000 characters.' },
      message: null,
    };
    renderApp(paths.modServers.getHref(), (client) => client.setQueryData(FORM_ECHO_KEY, echo));
    await screen.findByRole('list', { name: 'Blocked servers' });
    const edit = within(item('spam.example')).getByRole('form', { name: 'Change the block on spam.example' });
    expect(edit.closest('details')).toHaveAttribute('open');
    expect(within(edit).getByRole('radio', { name: 'No block' })).toBeChecked();
    expect(within(edit).getByRole('checkbox', { name: /Refuse its media/ })).toBeChecked();
    expect(within(edit).getByRole('checkbox', { name: 'Refuse its reports' })).not.toBeChecked();
    expect(within(edit).getByLabelText('Public comment, shown on the moderation page')).toHaveValue('Changed my mind.');
    expect(within(edit).getByLabelText('Public comment, shown on the moderation page')).toHaveAccessibleDescription('The public comment may not be greater than 1000 characters.');
    expect(item('pics.example').querySelector('details')).not.toHaveAttribute('open');
    expect(within(screen.getByRole('form', { name: 'Add a block' })).getByLabelText('Domain')).toHaveValue('');
  });

  it('fills the new block’s form when the domain is not blocked yet', async () => {
    signIn(7);
    serversApi();
    const echo = { path: '/mod/servers', values: { form: 'save', domain: 'bad..example', severity: 'suspend' }, errors: { domain: 'That is not a domain.' }, message: null };
    renderApp(paths.modServers.getHref(), (client) => client.setQueryData(FORM_ECHO_KEY, echo));
    const add = await screen.findByRole('form', { name: 'Add a block' });
    expect(within(add).getByLabelText('Domain')).toHaveValue('bad..example');
    expect(within(add).getByLabelText('Domain')).toHaveAccessibleDescription('That is not a domain.');
    expect(within(add).getByRole('radio', { name: 'Suspend' })).toBeChecked();
  });

  it('shows a done import’s message and the lines it skipped', async () => {
    signIn(7);
    serversApi();
    const skipped = JSON.stringify([{ line: 2, domain: 'spam.example', reason: 'It is blocked here already.' }, { line: 'x' }]);
    const echo = { path: '/mod/servers', values: { form: 'import', skipped }, errors: {}, message: '0 servers blocked; 1 line skipped.' };
    renderApp(paths.modServers.getHref(), (client) => client.setQueryData(FORM_ECHO_KEY, echo));
    const form = await screen.findByRole('form', { name: 'Import blocks' });
    const status = within(form).getByRole('status');
    expect(status).toHaveTextContent('0 servers blocked; 1 line skipped.');
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Line 2, spam.example: It is blocked here already.']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('The console’s navigation to the servers', () => {
  it('offers the servers to who manages federation, and not to the others', async () => {
    signIn(7);
    serversApi();
    const first = renderApp(paths.modAppeals.getHref(), (client) =>
      client.setQueryData(ownProfileQueryOptions('7').queryKey, { ...aProfile, staff: { role: 'moderator', permissions: ['manageFederation'] } }),
    );
    const nav = await screen.findByRole('navigation', { name: 'Moderation console' });
    expect(within(nav).getByRole('link', { name: 'Servers' })).toHaveAttribute('href', '/mod/servers');
    expect(within(nav).getByRole('link', { name: 'Servers' })).not.toHaveAttribute('aria-current');
    first.unmount();

    renderApp(paths.modAppeals.getHref(), (client) =>
      client.setQueryData(ownProfileQueryOptions('7').queryKey, { ...aProfile, staff: { role: 'moderator', permissions: ['manageReports', 'manageAppeals'] } }),
    );
    const other = await screen.findByRole('navigation', { name: 'Moderation console' });
    await screen.findByRole('alert');
    expect(within(other).getByRole('link', { name: 'Appeals' })).toBeInTheDocument();
    expect(within(other).queryByRole('link', { name: 'Servers' })).not.toBeInTheDocument();
  });
});

describe('The servers before the app’s scripts run', () => {
  it('renders the blocks and every form as plain forms, with no file input', async () => {
    const { render } = await import('../../entry-server');
    const answers: Record<string, unknown> = {
      '/api/mod/servers': { servers: [aBlock()] },
      profile: { user: { ...aProfile, staff: ADMIN } },
    };
    const transport = (async (input: RequestInfo | URL) => {
      const path = String(input).replace(/^\/api\/user\//, '');
      const body = answers[path];
      return new Response(JSON.stringify(body ?? { message: 'Not found' }), { status: body ? 200 : 404, headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch;
    const rendered = await render({ url: '/mod/servers', sessionId: '7', transport });
    const doc = new DOMParser().parseFromString(`<div id="root">${rendered.html}</div>`, 'text/html');

    expect(rendered.status).toBe(200);
    expect(rendered.missed).toEqual([]);
    const forms = [...doc.querySelectorAll('form[method="post"][action="/mod/servers"]')];
    expect(forms.map((f) => f.querySelector<HTMLInputElement>('input[name="form"]')!.value)).toEqual(['save', 'save', 'remove', 'import']);
    expect(forms[1]!.querySelector<HTMLInputElement>('input[name="reject_media"]')!.hasAttribute('checked')).toBe(true);
    expect(doc.querySelector('ul[aria-label="Blocked servers"]')!.textContent).toContain('Ticket 42: three waves in a week.');
    expect(doc.querySelector('ul[aria-label="Blocked servers"] time')!.textContent).toBe('30 November 2026, 09:15 UTC');
    expect(doc.querySelector('input[type="file"]')).toBeNull();
    expect(doc.querySelector('a[href="/api/mod/servers.csv"][download]')).not.toBeNull();
  });
});
