import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HELP_ANSWER_MAX, STAFF_ONLY, paths } from '@inkwell/contract';
import type { HelpLine, ModHelpResponse } from '@inkwell/contract/schemas';
import { ownProfileQueryOptions } from '../../api/get-own-profile';
import { FORM_ECHO_KEY } from '../../lib/form-echo';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { signIn } from '../../test/posts';

const ADMIN = { role: 'admin', permissions: ['manageReports', 'manageUsers', 'viewAuditLog'] as const };

function aRequest(overrides: Partial<HelpLine> = {}): HelpLine {
  return {
    id: 3,
    status: 'open',
    message: 'I cannot change my address.\n<b>Please help.</b>',
    created_at: '2026-11-30T09:15:00.000Z',
    answer: null,
    answered_at: null,
    answered_by: null,
    member: { id: 40, name: 'Sam', address: 'sam@example.com' },
    ...overrides,
  };
}

const nameless = aRequest({ id: 5, message: 'Where did my drafts go?', member: { id: 41, name: null, address: 'kim@example.com' } });
const given = { answer: 'Settings, then Account: the address is there.', answered_at: '2026-11-30T10:00:00.000Z', answered_by: 'Max Imum' };
const answeredOne = aRequest({ id: 2, status: 'answered', ...given });

const page = (requests: HelpLine[], open_count = requests.length, next_cursor: string | null = null): ModHelpResponse => ({ requests, next_cursor, open_count });

type Answer = { status?: number; body: unknown };
interface Options {
  list?: (body: Record<string, unknown>, path: string) => Answer;
  answer?: (body: Record<string, unknown>) => Answer;
}

function helpApi({
  list = (body) => ({ body: body.status === 'answered' ? page([answeredOne], 2) : page([aRequest(), nameless]) }),
  answer = (body) => ({ body: { message: `Help request ${String(body.id)} answered: the member was told.` } }),
}: Options = {}) {
  return mockApi((path, init) => {
    if (path.split('?')[0] === '/api/mod/help') return list(jsonBody(init) as Record<string, unknown>, path);
    if (path === '/api/mod/help/answer') return answer(jsonBody(init) as Record<string, unknown>);
    if (path.split('?')[0] === '/api/mod/appeals') return { status: 403, body: { message: STAFF_ONLY } };
    if (path === 'profile') return { body: { user: { ...aProfile, staff: ADMIN } } };
    return undefined;
  });
}

const callsTo = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === path).map(([, init]) => jsonBody(init as RequestInit));

const item = (id: number) => screen.getByRole('article', { name: `Help request ${id}` });

describe('The help requests in the console', () => {
  it('lists each waiting request with the member, when, their words as text, and a plain form to answer it', async () => {
    signIn(7);
    const fetchMock = helpApi();
    renderApp(paths.modHelp.getHref());
    expect(await screen.findByRole('heading', { level: 1, name: 'Help requests' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Help requests waiting' });
    const [first, second] = within(list).getAllByRole('article');

    expect(first).toHaveTextContent('Sam wrote:');
    expect(first).toHaveTextContent('Waiting for an answer');
    expect(
      within(first!)
        .getByText(/^Asked/)
        .querySelector('time'),
    ).toHaveAttribute('dateTime', '2026-11-30T09:15:00.000Z');
    expect(first).toHaveTextContent('<b>Please help.</b>');
    expect(first!.querySelector('b')).toBeNull();
    expect(within(first!).queryByRole('link')).not.toBeInTheDocument();
    const form = within(first!).getByRole('form', { name: 'Answer help request 3' });
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/mod/help');
    expect(form.querySelector('input[type=hidden][name=id]')).toHaveValue('3');
    const field = within(form).getByLabelText('Your answer');
    expect(field).toHaveAttribute('name', 'answer');
    expect(field).toHaveAttribute('maxLength', String(HELP_ANSWER_MAX));
    expect(within(form).getByRole('button', { name: 'Send the answer' })).toHaveAttribute('type', 'submit');
    // No name: the address says who.
    expect(second).toHaveTextContent('kim@example.com wrote:');

    expect(callsTo(fetchMock, '/api/mod/help')).toEqual([{ status: 'open' }]);
    const nav = screen.getByRole('navigation', { name: 'Moderation console' });
    expect(within(nav).getByRole('link', { name: 'Help requests' })).toHaveAttribute('aria-current', 'page');
    const tabs = screen.getByRole('navigation', { name: 'Help requests by status' });
    expect(within(tabs).getByRole('link', { name: 'Waiting (2)' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Answered' })).toHaveAttribute('href', '/mod/help?status=answered');
  });

  it('sends {id, answer}, says what it did and reads the list again', async () => {
    signIn(7);
    const fetchMock = helpApi();
    renderApp(paths.modHelp.getHref());
    const form = await screen.findByRole('form', { name: 'Answer help request 5' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Your answer'), 'They are in your library.');
    expect(within(form).getByText(/25 \/ 5000/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Send the answer' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Help request 5 answered: the member was told.');
    expect(callsTo(fetchMock, '/api/mod/help/answer')).toEqual([{ id: 5, answer: 'They are in your library.' }]);
    await waitFor(() => expect(callsTo(fetchMock, '/api/mod/help').length).toBeGreaterThan(1));
  });

  it('keeps an empty answer here, and shows a refused one’s error under the field with the words kept', async () => {
    signIn(7);
    const fetchMock = helpApi({
      answer: () => ({ status: 422, body: { message: 'Validation failed', errors: { answer: ['The answer may not be greater than 5000 characters.'] } } }),
    });
    renderApp(paths.modHelp.getHref());
    const form = await screen.findByRole('form', { name: 'Answer help request 3' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Send the answer' }));
    expect(within(form).getByLabelText('Your answer')).toHaveAccessibleDescription(/^Write the answer: it is what the member reads\./);
    expect(callsTo(fetchMock, '/api/mod/help/answer')).toEqual([]);

    await user.type(within(form).getByLabelText('Your answer'), 'Long words.');
    await user.click(within(form).getByRole('button', { name: 'Send the answer' }));
    const field = within(form).getByLabelText('Your answer');
    await waitFor(() => expect(field).toHaveAccessibleDescription(/^The answer may not be greater than 5000 characters\./));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('Long words.');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says so when the request was answered already (409)', async () => {
    signIn(7);
    helpApi({ answer: () => ({ status: 409, body: { message: 'Help request 3 was already answered.' } }) });
    renderApp(paths.modHelp.getHref());
    const form = await screen.findByRole('form', { name: 'Answer help request 3' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Your answer'), 'On it.');
    await user.click(within(form).getByRole('button', { name: 'Send the answer' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Help request 3 was already answered.');
    expect(within(form).getByLabelText('Your answer')).not.toHaveAttribute('aria-invalid');
  });

  it('shows the answered ones with the answer, when and who gave it, and no form', async () => {
    signIn(7);
    const fetchMock = helpApi();
    renderApp(paths.modHelp.getHref('answered'));
    const list = await screen.findByRole('list', { name: 'Help requests answered' });
    const answered = within(list).getByRole('article');
    expect(answered).toHaveTextContent('Answered by Max Imum, ');
    expect(answered).toHaveTextContent('Settings, then Account: the address is there.');
    expect(answered.querySelector('time[datetime="2026-11-30T10:00:00.000Z"]')).not.toBeNull();
    expect(within(answered).queryByRole('form')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/mod/help')).toEqual([{ status: 'answered' }]);
    const tabs = screen.getByRole('navigation', { name: 'Help requests by status' });
    expect(within(tabs).getByRole('link', { name: 'Answered' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Waiting (2)' })).toHaveAttribute('href', '/mod/help');
  });

  it('says when none is waiting, and loads the next page by its cursor', async () => {
    signIn(7);
    const fetchMock = helpApi({
      list: (body, path) => ({
        body: body.status === 'answered' ? (path.includes('cursor=') ? page([{ ...answeredOne, id: 1 }], 0) : page([answeredOne], 0, 'c2')) : page([], 0),
      }),
    });
    const first = renderApp(paths.modHelp.getHref());
    expect(await screen.findByText('No help request is waiting.')).toBeInTheDocument();
    first.unmount();

    renderApp(paths.modHelp.getHref('answered'));
    await screen.findByRole('article', { name: 'Help request 2' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Help request 1' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/mod/help?cursor=c2');
  });

  it('tells a member who may not answer help requests, once, with no list', async () => {
    signIn(7);
    helpApi({ list: () => ({ status: 403, body: { message: STAFF_ONLY } }) });
    renderApp(paths.modHelp.getHref());
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_ONLY);
    expect(screen.queryByRole('navigation', { name: 'Help requests by status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});

describe('The help requests’ plain form, answered by the server', () => {
  it('fills the form of the request it was for, with what was typed and the error under it', async () => {
    signIn(7);
    helpApi();
    const echo = { path: '/mod/help', values: { id: '5', answer: '   ' }, errors: { answer: 'Write the answer: it is what the member reads.' }, message: null };
    renderApp(paths.modHelp.getHref(), (client) => client.setQueryData(FORM_ECHO_KEY, echo));
    await screen.findByRole('list', { name: 'Help requests waiting' });
    const field = within(item(5)).getByLabelText('Your answer');
    expect(field).toHaveValue('   ');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/^Write the answer: it is what the member reads\./);
    expect(within(item(3)).getByLabelText('Your answer')).toHaveValue('');
    expect(within(item(3)).getByLabelText('Your answer')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why when the request it was for is no longer waiting', async () => {
    signIn(7);
    helpApi();
    const echo = { path: '/mod/help', values: { id: '9', answer: 'Late.' }, errors: {}, message: 'Help request 9 was already answered.' };
    renderApp(paths.modHelp.getHref(), (client) => client.setQueryData(FORM_ECHO_KEY, echo));
    expect(await screen.findByRole('alert')).toHaveTextContent('Help request 9 was already answered.');
    expect(within(item(3)).getByLabelText('Your answer')).toHaveValue('');
  });
});

describe('The console’s navigation to the help requests', () => {
  it('offers them to who manages users, and not to the others', async () => {
    signIn(7);
    helpApi();
    const first = renderApp(paths.modAppeals.getHref(), (client) =>
      client.setQueryData(ownProfileQueryOptions('7').queryKey, { ...aProfile, staff: { role: 'moderator', permissions: ['manageUsers'] } }),
    );
    const nav = await screen.findByRole('navigation', { name: 'Moderation console' });
    expect(within(nav).getByRole('link', { name: 'Help requests' })).toHaveAttribute('href', '/mod/help');
    expect(within(nav).getByRole('link', { name: 'Help requests' })).not.toHaveAttribute('aria-current');
    first.unmount();

    renderApp(paths.modAppeals.getHref(), (client) =>
      client.setQueryData(ownProfileQueryOptions('7').queryKey, { ...aProfile, staff: { role: 'moderator', permissions: ['manageReports', 'manageAppeals'] } }),
    );
    const other = await screen.findByRole('navigation', { name: 'Moderation console' });
    await screen.findByRole('alert');
    expect(within(other).getByRole('link', { name: 'Appeals' })).toBeInTheDocument();
    expect(within(other).queryByRole('link', { name: 'Help requests' })).not.toBeInTheDocument();
  });
});

describe('The help requests before the app’s scripts run', () => {
  it('renders each waiting request with its plain form', async () => {
    const { render } = await import('../../entry-server');
    const answers: Record<string, unknown> = { '/api/mod/help': page([aRequest()]), profile: { user: { ...aProfile, staff: ADMIN } } };
    const transport = (async (input: RequestInfo | URL) => {
      const body = answers[String(input).replace(/^\/api\/user\//, '')];
      return new Response(JSON.stringify(body ?? { message: 'Not found' }), { status: body ? 200 : 404, headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch;
    const rendered = await render({ url: '/mod/help', sessionId: '7', transport });
    const doc = new DOMParser().parseFromString(`<div id="root">${rendered.html}</div>`, 'text/html');

    expect(rendered.status).toBe(200);
    expect(rendered.missed).toEqual([]);
    const [form, ...more] = [...doc.querySelectorAll('form[method="post"][action="/mod/help"]')];
    expect(more).toEqual([]);
    expect(form!.querySelector<HTMLInputElement>('input[type="hidden"][name="id"]')!.value).toBe('3');
    expect(form!.querySelector('textarea[name="answer"]')).not.toBeNull();
    expect(doc.querySelector('ul[aria-label="Help requests waiting"] time')!.textContent).toBe('30 November 2026, 09:15 UTC');
  });
});
