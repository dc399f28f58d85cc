import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { APPEAL_NOT_YOURS, STAFF_ONLY, paths } from '@inkwell/contract';
import type { AppealLine, ModAppealsResponse } from '@inkwell/contract/schemas';
import { aProfile, jsonBody, mockApi, renderApp } from '../../test/render';
import { signIn } from '../../test/posts';

const MODERATOR = { role: 'moderator', permissions: ['manageReports', 'manageAppeals', 'viewAuditLog'] as const };

function anAppeal(overrides: Partial<AppealLine> = {}): AppealLine {
  return {
    id: 4,
    status: 'open',
    text: 'Those were links to my own blog.\n<b>Really.</b>',
    created_at: '2026-11-30T09:15:00.000Z',
    reply: null,
    decided_at: null,
    decided_by: null,
    appellant: { id: 40, name: 'Sam', address: 'sam@example.com' },
    action: {
      id: 9,
      kind: 'suspend',
      what: 'their account',
      reason: 'Selling pills in every comment.',
      starts_at: '2026-11-29T08:00:00.000Z',
      ends_at: '2026-12-06T08:00:00.000Z',
      lifted_at: null,
      case_id: 12,
      taken_by: 'Mo Derator',
    },
    may_answer: true,
    why_not: null,
    ...overrides,
  };
}

const page = (appeals: AppealLine[], open_count = appeals.length): ModAppealsResponse => ({ appeals, next_cursor: null, open_count });

interface Options {
  list?: (body: Record<string, unknown>) => { status?: number; body: unknown };
  answer?: (body: Record<string, unknown>) => { status?: number; body: unknown };
}

function appealsApi({
  list = () => ({
    body: page([
      anAppeal(),
      anAppeal({ id: 5, may_answer: false, why_not: APPEAL_NOT_YOURS, action: { ...anAppeal().action, id: 10, kind: 'hide', what: 'their comment “Cheap pills”', case_id: null } }),
    ]),
  }),
  answer = () => ({ body: { message: 'Appeal 4 turned down: the action stays.', status: 'rejected', ends_at: null } }),
}: Options = {}) {
  return mockApi((path, init) => {
    if (path.split('?')[0] === '/api/mod/appeals') return list(jsonBody(init) as Record<string, unknown>);
    if (path === '/api/mod/appeals/answer') return answer(jsonBody(init) as Record<string, unknown>);
    if (path === 'profile') return { body: { user: { ...aProfile, staff: MODERATOR } } };
    return undefined;
  });
}

const callsTo = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === path).map(([, init]) => jsonBody(init as RequestInit));

describe('The appeals in the console', () => {
  it('lists each waiting appeal with the action, its reasons, the appellant’s words as text, and a plain form to answer it', async () => {
    signIn(7);
    const fetchMock = appealsApi();
    renderApp(paths.modAppeals.getHref());
    expect(await screen.findByRole('heading', { level: 1, name: 'Appeals' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Appeals waiting' });
    const [first, second] = within(list).getAllByRole('article');

    expect(first).toHaveTextContent('Suspended: their account, by Mo Derator, since');
    expect(first).toHaveTextContent('Selling pills in every comment.');
    expect(within(first!).getByRole('link', { name: 'Case 12' })).toHaveAttribute('href', '/mod/cases/12');
    expect(first).toHaveTextContent('Sam sam@example.com wrote:');
    expect(first).toHaveTextContent('<b>Really.</b>');
    expect(first!.querySelector('b')).toBeNull();
    const form = within(first!).getByRole('form', { name: 'Answer appeal 4' });
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/mod/appeals');
    expect(form.querySelector('input[type=hidden][name=id]')).toHaveValue('4');
    expect(
      within(form)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['approve', 'reject', 'change']);
    expect(within(form).getByLabelText('New length, from the action’s start')).toHaveAttribute('name', 'for');
    expect(within(form).getByLabelText('Your reasons (told to the appellant)')).toHaveAttribute('name', 'reply');

    // The moderator who took the action is told why they cannot answer; no form.
    expect(second).toHaveTextContent('Hidden: their comment “Cheap pills”');
    expect(second).toHaveTextContent(APPEAL_NOT_YOURS);
    expect(within(second!).queryByRole('form')).not.toBeInTheDocument();

    expect(callsTo(fetchMock, '/api/mod/appeals')).toEqual([{ status: 'open' }]);
    const nav = screen.getByRole('navigation', { name: 'Moderation console' });
    expect(within(nav).getByRole('link', { name: 'Appeals' })).toHaveAttribute('aria-current', 'page');
    const tabs = screen.getByRole('navigation', { name: 'Appeals by status' });
    expect(within(tabs).getByRole('link', { name: 'Waiting (2)' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Answered' })).toHaveAttribute('href', '/mod/appeals?status=answered');
  });

  it('sends the answer, says what it did and reads the list again; a refusal shows under its field with the words kept', async () => {
    signIn(7);
    let refuse = true;
    const fetchMock = appealsApi({
      answer: () =>
        refuse
          ? { status: 422, body: { message: 'Validation failed', errors: { for: ['Choose how long the action lasts, from its start.'] } } }
          : { body: { message: 'Appeal 4 answered: the action was changed.', status: 'changed', ends_at: '2026-12-02T08:00:00.000Z' } },
    });
    renderApp(paths.modAppeals.getHref());
    const form = await screen.findByRole('form', { name: 'Answer appeal 4' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Answer appeal 4' }));
    expect(await within(form).findByText('Choose an answer.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/mod/appeals/answer')).toEqual([]);

    await user.click(within(form).getByRole('radio', { name: 'Change how long it lasts' }));
    await user.type(within(form).getByLabelText('Your reasons (told to the appellant)'), 'Three days is enough.');
    await user.click(within(form).getByRole('button', { name: 'Answer appeal 4' }));
    expect(await within(form).findByText('Choose how long the action lasts, from its start.')).toBeInTheDocument();
    expect(within(form).getByLabelText('New length, from the action’s start')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Your reasons (told to the appellant)')).toHaveValue('Three days is enough.');

    refuse = false;
    await user.selectOptions(within(form).getByLabelText('New length, from the action’s start'), '3d');
    await user.click(within(form).getByRole('button', { name: 'Answer appeal 4' }));
    expect(await screen.findByText('Appeal 4 answered: the action was changed.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/mod/appeals/answer').at(-1)).toEqual({ id: 4, answer: 'change', for: '3d', reply: 'Three days is enough.' });
    await waitFor(() => expect(callsTo(fetchMock, '/api/mod/appeals').length).toBeGreaterThan(1));
  });

  it('shows the answered ones with who answered and their reasons, and a member without the right once', async () => {
    signIn(7);
    appealsApi({
      list: (body) => ({
        body: page(
          body.status === 'answered'
            ? [
                anAppeal({
                  status: 'rejected',
                  reply: 'The links were the pills.',
                  decided_by: 'Max Imum',
                  decided_at: '2026-11-30T10:00:00.000Z',
                  may_answer: false,
                  why_not: 'Appeal 1 was answered already.',
                }),
              ]
            : [],
          0,
        ),
      }),
    });
    renderApp(paths.modAppeals.getHref('answered'));
    const list = await screen.findByRole('list', { name: 'Appeals answered' });
    const item = within(list).getByRole('article');
    expect(item).toHaveTextContent('Turned down');
    expect(item).toHaveTextContent('Answered by Max Imum');
    expect(item).toHaveTextContent('The links were the pills.');
    expect(item).not.toHaveTextContent('was answered already.');
    expect(within(item).queryByRole('form')).not.toBeInTheDocument();
  });

  it('tells a member who may not answer appeals, once, with no list', async () => {
    signIn(7);
    appealsApi({ list: () => ({ status: 403, body: { message: STAFF_ONLY } }) });
    renderApp(paths.modAppeals.getHref());
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_ONLY);
    expect(screen.queryByRole('navigation', { name: 'Appeals by status' })).not.toBeInTheDocument();
  });
});
