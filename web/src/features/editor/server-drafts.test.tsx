import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_MESSAGES, TEXT, encodeId, paths } from '@inkwell/contract';
import { formatDateTime, toLocalInputValue } from '../../lib/dates';
import { setSession } from '../../lib/session';
import { jsonBody, mockApi } from '../../test/render';
import { DRAFT_MISSING_TEXT } from './components/CreatePostScreen';
import { draftKey } from './hooks/use-post-draft';
import { AUTOSAVE_MS } from './hooks/use-server-draft';
import { categories, renderWriting } from './testing';

// Quill needs a real browser (e2e/drafts.e2e.ts covers it); here a textarea stands in for it.
vi.mock('./components/RichTextEditor', () => ({
  RichTextEditor: ({ initialHtml, onChange, labelledBy }: { initialHtml: string; onChange: (html: string) => void; labelledBy: string }) => (
    <textarea aria-labelledby={labelledBy} defaultValue={initialHtml} onChange={(event) => onChange(event.target.value)} />
  ),
}));

function aDraft(overrides: Record<string, unknown> = {}) {
  return {
    id: 12,
    title: 'A draft',
    sub_title: 'Its subtitle',
    category_id: 2,
    description: '<p>Draft body</p>',
    image: 'ab/cover.webp',
    publish_at: null,
    email_subscribers: true,
    preview_url: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T12:04:00.000Z',
    ...overrides,
  };
}

type Answer = { status?: number; body?: unknown } | undefined;

/** The API of the drafts: `answers` per path (after /api/user/), the categories always. */
function draftsApi(answers: Record<string, (body: Record<string, unknown>) => Answer>) {
  return mockApi((path, init) => {
    if (path === 'category') return { body: categories };
    const answer = answers[path];
    return answer ? answer(init.body ? (jsonBody(init) as Record<string, unknown>) : {}) : undefined;
  });
}

function callsTo(fetchMock: ReturnType<typeof mockApi>, path: string) {
  return fetchMock.mock.calls.filter(([url]) => String(url) === `/api/user/${path}`).map(([, init]) => jsonBody(init!) as Record<string, unknown>);
}

beforeEach(() => {
  localStorage.clear();
  setSession(7);
  URL.createObjectURL = () => 'blob:cover';
  URL.revokeObjectURL = () => {};
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('Autosave to the server', () => {
  it('creates the draft a few seconds after typing stops, puts its id in the address, then updates it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let saved = 0;
    const fetchMock = draftsApi({
      'drafts/save': (body) => {
        saved += 1;
        return { status: body.id ? 200 : 201, body: { message: DRAFT_MESSAGES.saved, draft: aDraft({ ...body, id: 12, image: null, category_id: null }) } };
      },
    });
    const router = renderWriting('/createpost');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const title = await screen.findByLabelText('Title');
    await user.type(title, 'Half a thought');
    // Nothing is sent while the writer types.
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_MS - 500));
    expect(saved).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(600));

    await waitFor(() => expect(screen.getByTestId('draft-status')).toHaveTextContent(/Saved to drafts/));
    expect(callsTo(fetchMock, 'drafts/save')).toEqual([{ title: 'Half a thought', sub_title: '', category_id: null, description: '', image: null }]);
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(paths.createPost.getHref(12)));
    // The same form goes on (not reloaded): the field keeps its focus and text.
    expect(screen.getByLabelText('Title')).toBe(title);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('drafts/details'))).toBe(false);

    await user.type(title, ', grown');
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_MS + 100));
    await waitFor(() => expect(saved).toBe(2));
    expect(callsTo(fetchMock, 'drafts/save')[1]).toMatchObject({ id: 12, title: 'Half a thought, grown' });
  });

  it('saves on Save draft at once, and says why when the server refuses', async () => {
    draftsApi({
      'drafts/save': () => ({ status: 422, body: { message: DRAFT_MESSAGES.tooMany, errors: { id: [DRAFT_MESSAGES.tooMany] } } }),
    });
    renderWriting('/createpost');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'One too many');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByTestId('draft-status')).toHaveTextContent(`Not saved: ${DRAFT_MESSAGES.tooMany}`));
    // The local copy is still the safety net.
    await waitFor(() => expect(localStorage.getItem(draftKey('7'))).toContain('One too many'));
  });
});

describe('Continuing a draft', () => {
  it('opens /createpost?draft={id} with the draft in the form', async () => {
    const fetchMock = draftsApi({ 'drafts/details': () => ({ body: { draft: aDraft() } }) });
    renderWriting(paths.createPost.getHref(12));
    expect(await screen.findByLabelText('Title')).toHaveValue('A draft');
    expect(screen.getByLabelText('Subtitle')).toHaveValue('Its subtitle');
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveDisplayValue('Travel'));
    expect(screen.getByLabelText('Story')).toHaveValue('<p>Draft body</p>');
    expect(screen.getByTestId('cover-preview')).toHaveAttribute('src', '/storage/ab/cover.webp');
    expect(callsTo(fetchMock, 'drafts/details')).toEqual([{ id: 12 }]);
    expect(screen.queryByTestId('draft-restored')).not.toBeInTheDocument();
  });

  it('says so when the draft is not there, and offers an empty editor', async () => {
    draftsApi({ 'drafts/details': () => ({ status: 404, body: { message: DRAFT_MESSAGES.notFound } }) });
    renderWriting(`/createpost?draft=${encodeId(99)}`);
    expect(await screen.findByTestId('draft-missing')).toHaveTextContent(DRAFT_MISSING_TEXT);
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('publishes the draft after a last save, then goes home with the success message', async () => {
    const fetchMock = draftsApi({
      'drafts/details': () => ({ body: { draft: aDraft() } }),
      'drafts/save': (body) => ({ body: { message: DRAFT_MESSAGES.saved, draft: aDraft(body) } }),
      'drafts/publish': () => ({ status: 201, body: { message: TEXT.postCreated, post: { id: 40, read_time: 1, image: 'ab/cover.webp' } } }),
    });
    const router = renderWriting(paths.createPost.getHref(12));
    const user = userEvent.setup();
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'A finished story');
    await user.click(screen.getByRole('button', { name: 'POST' }));

    expect(await screen.findByTestId('home')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('message')).toBe(TEXT.postCreated);
    const paths_ = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('drafts/'));
    expect(paths_.slice(-2)).toEqual(['/api/user/drafts/save', '/api/user/drafts/publish']);
    expect(callsTo(fetchMock, 'drafts/save').at(-1)).toMatchObject({ id: 12, title: 'A finished story', category_id: 2, image: 'ab/cover.webp' });
    expect(callsTo(fetchMock, 'drafts/publish')).toEqual([{ id: 12, email_subscribers: true }]);
    expect(callsTo(fetchMock, 'add-post')).toEqual([]);
  });

  it('shows the server’s refusal to publish on the fields', async () => {
    draftsApi({
      'drafts/details': () => ({ body: { draft: aDraft() } }),
      'drafts/publish': () => ({ status: 422, body: { message: 'Invalid', errors: { sub_title: ['The sub title has already been taken.'] } } }),
    });
    renderWriting(paths.createPost.getHref(12));
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveDisplayValue('Travel'));
    await user.click(screen.getByRole('button', { name: 'POST' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT.postCreateFailed);
    expect(screen.getByLabelText('Subtitle')).toHaveAccessibleDescription('The sub title has already been taken.');
  });
});

describe('Publishing options', () => {
  it('offers "Email it to your N subscribers", ticked; unticked, the story is published only', async () => {
    const fetchMock = draftsApi({
      'drafts/details': () => ({ body: { draft: aDraft() } }),
      'drafts/save': (body) => ({ body: { message: DRAFT_MESSAGES.saved, draft: aDraft(body) } }),
      'newsletter/subscribers': () => ({ body: { welcome: null, counts: { confirmed: 1204, pending: 3, unsubscribed: 0, suppressed: 0 }, subscribers: [], next_cursor: null } }),
      'drafts/publish': () => ({ status: 201, body: { message: TEXT.postCreated, post: { id: 40, read_time: 1, image: 'ab/cover.webp' } } }),
    });
    renderWriting(paths.createPost.getHref(12));
    const user = userEvent.setup();
    const choice = await screen.findByRole('checkbox', { name: /Email it to your 1,204 subscribers/ });
    expect(choice).toBeChecked();
    await user.click(choice);
    expect(screen.getByText('Publish only: no mail goes out for this story.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'POST' }));
    expect(await screen.findByTestId('home')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'drafts/publish')).toEqual([{ id: 12, email_subscribers: false }]);
  });

  it('does not offer to email a story before the writer has a subscriber', async () => {
    draftsApi({
      'drafts/details': () => ({ body: { draft: aDraft() } }),
      'newsletter/subscribers': () => ({ body: { welcome: null, counts: { confirmed: 0, pending: 1, unsubscribed: 0, suppressed: 0 }, subscribers: [], next_cursor: null } }),
    });
    renderWriting(paths.createPost.getHref(12));
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveDisplayValue('Travel'));
    expect(screen.queryByRole('checkbox', { name: /Email it/ })).toBeNull();
  });

  it('schedules at the chosen local time, sent as UTC, and can cancel it', async () => {
    const fetchMock = draftsApi({
      'drafts/details': () => ({ body: { draft: aDraft() } }),
      'drafts/schedule': (body) => ({ body: { message: DRAFT_MESSAGES.scheduled, draft: aDraft({ publish_at: body.publish_at }) } }),
    });
    renderWriting(paths.createPost.getHref(12));
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveDisplayValue('Travel'));
    const when = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    when.setSeconds(0, 0);
    fireEvent.change(screen.getByLabelText('Publish later'), { target: { value: toLocalInputValue(when) } });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));

    const scheduled = await screen.findByTestId('scheduled-for');
    expect(scheduled).toHaveTextContent(`Scheduled for ${formatDateTime(when)}`);
    expect(callsTo(fetchMock, 'drafts/schedule')).toEqual([{ id: 12, publish_at: when.toISOString(), email_subscribers: true }]);

    await user.click(screen.getByRole('button', { name: 'Cancel schedule' }));
    expect(await screen.findByLabelText('Publish later')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'drafts/schedule')[1]).toEqual({ id: 12, publish_at: null, email_subscribers: true });
  });

  it('refuses a time in the past without asking the server', async () => {
    const fetchMock = draftsApi({ 'drafts/details': () => ({ body: { draft: aDraft() } }) });
    renderWriting(paths.createPost.getHref(12));
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveDisplayValue('Travel'));
    fireEvent.change(screen.getByLabelText('Publish later'), { target: { value: toLocalInputValue(new Date(Date.now() - 3_600_000)) } });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(DRAFT_MESSAGES.scheduleInPast)).toBeInTheDocument();
    expect(screen.getByLabelText('Publish later')).toHaveAccessibleDescription(expect.stringContaining(DRAFT_MESSAGES.scheduleInPast));
    expect(callsTo(fetchMock, 'drafts/schedule')).toEqual([]);
  });

  it('turns a preview link on, copies it, and turns it off', async () => {
    const link = 'http://inkwell.test/preview/s3cr3t';
    const fetchMock = draftsApi({
      'drafts/details': () => ({ body: { draft: aDraft() } }),
      'drafts/preview': (body) => ({ body: { message: 'ok', draft: aDraft({ preview_url: body.enabled ? link : null }) } }),
    });
    const writeText = vi.fn(() => Promise.resolve());
    renderWriting(paths.createPost.getHref(12));
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(await screen.findByRole('button', { name: 'Turn on preview link' }));
    const options = screen.getByTestId('draft-options');
    expect(await within(options).findByLabelText('Preview link')).toHaveValue(link);
    await user.click(within(options).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await within(options).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await user.click(within(options).getByRole('button', { name: 'Turn off' }));
    expect(await within(options).findByRole('button', { name: 'Turn on preview link' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'drafts/preview')).toEqual([
      { id: 12, enabled: true },
      { id: 12, enabled: false },
    ]);
  });
});
