import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST_UPDATE_REDIRECT_MS, TEXT, paths } from '@inkwell/contract';
import { setSession } from '../../lib/session';
import { DRAFT_SAVE_MS, draftKey } from './hooks/use-post-draft';
import { NOT_OWNER_TEXT, POST_MISSING_TEXT } from './components/EditPostScreen';
import { aPostDetail, answerCategoriesAnd, mockXhr, renderWriting } from './testing';

// Quill needs a real browser (e2e/writing.e2e.ts covers it); here a textarea stands in for it.
vi.mock('./components/RichTextEditor', () => ({
  RichTextEditor: ({ initialHtml, onChange, labelledBy }: { initialHtml: string; onChange: (html: string) => void; labelledBy: string }) => (
    <textarea aria-labelledby={labelledBy} defaultValue={initialHtml} onChange={(event) => onChange(event.target.value)} />
  ),
}));

async function fillCreateForm(user: ReturnType<typeof userEvent.setup>, { category = 'Technology' }: { category?: string } = {}) {
  await user.type(await screen.findByLabelText('Title'), 'A new post');
  await user.type(screen.getByLabelText('Subtitle'), 'Why it matters');
  if (category) {
    await screen.findByRole('option', { name: category });
    await user.selectOptions(screen.getByLabelText('Category'), category);
  }
  await user.type(screen.getByLabelText('Story'), '<p>one two three</p>');
  const file = new File(['png'], 'cover.png', { type: 'image/png' });
  await user.upload(screen.getByLabelText(/Cover image/), file);
}

beforeEach(() => {
  localStorage.clear();
  setSession(7);
  URL.createObjectURL = () => 'blob:cover';
  URL.revokeObjectURL = () => {};
});

afterEach(() => localStorage.clear());

describe('Create post', () => {
  it('shows the labelled fields, the select with its empty option, the cover picker, POST and the preview', async () => {
    answerCategoriesAnd();
    renderWriting('/createpost');
    expect(await screen.findByLabelText('Title')).toBeInTheDocument();
    expect(screen.getByLabelText('Subtitle')).toBeInTheDocument();
    expect(screen.getByLabelText('Category')).toHaveDisplayValue('Select Category');
    expect(screen.getByLabelText(/Cover image/)).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif,image/avif');
    // SPEC §2's TITLE and SUBTITLE: capitals on screen, words for a screen reader.
    for (const name of ['Title', 'Subtitle']) expect(screen.getByText(name, { selector: 'label' })).toHaveClass('uppercase');
    expect(screen.getByText('(optional)', { exact: false, selector: 'label span' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'POST' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Post Preview' })).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Travel' })).toBeInTheDocument();
  });

  it('without a category shows the red notice and sends nothing', async () => {
    answerCategoriesAnd();
    const sent = mockXhr(() => ({ status: 200, body: {} }));
    renderWriting('/createpost');
    const user = userEvent.setup();
    await fillCreateForm(user, { category: '' });
    await user.click(screen.getByRole('button', { name: 'POST' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(TEXT.selectCategory);
    expect(alert).toHaveAttribute('data-color', 'red');
    expect(sent).toHaveLength(0);
  });

  it('sends the multipart form (the session in its cookies, no token header), then goes home with the success message', async () => {
    answerCategoriesAnd();
    const sent = mockXhr(() => ({ status: 200, body: { message: 'Post created', post: { id: 5, read_time: 1, image: 'p/c.webp' } } }));
    const router = renderWriting('/createpost');
    const user = userEvent.setup();
    await fillCreateForm(user);
    // The live preview follows the form.
    expect(screen.getByTestId('preview-title')).toHaveTextContent('A new post');
    expect(screen.getByTestId('preview-read-time')).toHaveTextContent('1 min read');
    await user.click(screen.getByRole('button', { name: 'POST' }));

    expect(await screen.findByTestId('home')).toHaveTextContent(`/?success=true&message=${encodeURIComponent(TEXT.postCreated)}`);
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('message')).toBe(TEXT.postCreated);
    expect(query.get('success')).toBe('true');

    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request!.url).toBe('/api/user/add-post');
    expect(request!.headers).not.toHaveProperty('token');
    const body = request!.body;
    expect(body.get('title')).toBe('A new post');
    expect(body.get('sub_title')).toBe('Why it matters');
    expect(body.get('category_id')).toBe('1');
    expect(body.get('user_id')).toBe('7');
    expect(body.get('description')).toBe('<p>one two three</p>');
    expect(body.get('read_time')).toBe('1');
    expect(body.get('image')).toBeInstanceOf(File);
  });

  it('on failure shows the notice and the server field errors under the inputs', async () => {
    answerCategoriesAnd();
    mockXhr(() => ({
      status: 422,
      body: { message: 'Invalid', errors: { title: ['The title has already been taken.'], image: ['The image must be an image.'] } },
    }));
    renderWriting('/createpost');
    const user = userEvent.setup();
    await fillCreateForm(user);
    await user.click(screen.getByRole('button', { name: 'POST' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(TEXT.postCreateFailed);
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('The title has already been taken.');
    expect(screen.getByText('The image must be an image.')).toBeInTheDocument();
    expect(screen.queryByTestId('home')).not.toBeInTheDocument();
  });

  it('asks for title and subtitle before sending, but not for a cover', async () => {
    answerCategoriesAnd();
    const sent = mockXhr(() => ({ status: 200, body: {} }));
    renderWriting('/createpost');
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Technology' });
    await user.selectOptions(screen.getByLabelText('Category'), 'Technology');
    await user.click(screen.getByRole('button', { name: 'POST' }));
    expect(await screen.findByText('The title field is required.')).toBeInTheDocument();
    expect(screen.getByText('The sub title field is required.')).toBeInTheDocument();
    expect(screen.queryByText('The image field is required.')).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});

describe('Drafts', () => {
  it('keeps what is typed, restores it after a reload, and can discard it', async () => {
    answerCategoriesAnd();
    const first = renderWriting('/createpost');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Half a thought');
    await user.type(screen.getByLabelText('Story'), '<p>draft body</p>');
    await waitFor(() => expect(localStorage.getItem(draftKey('7'))).toContain('Half a thought'), { timeout: DRAFT_SAVE_MS * 4 });
    expect(JSON.parse(localStorage.getItem(draftKey('7'))!)).toMatchObject({ title: 'Half a thought', description: '<p>draft body</p>' });
    first.unmount();

    renderWriting('/createpost');
    expect(await screen.findByLabelText('Title')).toHaveValue('Half a thought');
    expect(screen.getByLabelText('Story')).toHaveValue('<p>draft body</p>');
    expect(screen.getByTestId('draft-restored')).toHaveTextContent('Draft restored');

    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.queryByTestId('draft-restored')).not.toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(draftKey('7'))).toBeNull());
  });

  it('is kept per user: another writer does not see it', async () => {
    localStorage.setItem(draftKey('8'), JSON.stringify({ title: 'Not yours', sub_title: '', category_id: '', description: '' }));
    answerCategoriesAnd();
    renderWriting('/createpost');
    expect(await screen.findByLabelText('Title')).toHaveValue('');
    expect(screen.queryByTestId('draft-restored')).not.toBeInTheDocument();
  });

  it('is cleared once the post is sent', async () => {
    answerCategoriesAnd();
    mockXhr(() => ({ status: 200, body: { message: 'ok', post: { id: 5, read_time: 1, image: null } } }));
    renderWriting('/createpost');
    const user = userEvent.setup();
    await fillCreateForm(user);
    await waitFor(() => expect(localStorage.getItem(draftKey('7'))).not.toBeNull(), { timeout: DRAFT_SAVE_MS * 4 });
    await user.click(screen.getByRole('button', { name: 'POST' }));
    await screen.findByTestId('home');
    expect(localStorage.getItem(draftKey('7'))).toBeNull();
  });
});

describe('Edit post', () => {
  it('prefills the form from post/details, updates, says so and goes to the post after 2 s', async () => {
    const fetchMock = answerCategoriesAnd({ body: { post: aPostDetail() } });
    const sent = mockXhr(() => ({ status: 200, body: { message: 'Post updated', post: { id: 42, read_time: 1, image: 'x' } } }));
    const router = renderWriting('/edit-post/42');

    expect(await screen.findByLabelText('Title')).toHaveValue('Old title');
    expect(screen.getByLabelText('Subtitle')).toHaveValue('Old subtitle');
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveDisplayValue('Travel'));
    expect(screen.getByLabelText('Story')).toHaveValue('<p>Old body</p>');
    expect(screen.getByTestId('cover-preview')).toHaveAttribute('src', '/storage/posts/cover.webp');
    expect(screen.queryByTestId('draft-restored')).not.toBeInTheDocument();
    const detailsCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('post/details'));
    expect(JSON.parse(String(detailsCall![1]!.body))).toMatchObject({ post_id: 42 });

    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'New title');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByRole('status')).toHaveTextContent(TEXT.postUpdated);
    expect(sent[0]!.url).toBe('/api/user/posts/update');
    expect(sent[0]!.body.get('id')).toBe('42');
    expect(sent[0]!.body.get('title')).toBe('New title');
    expect(sent[0]!.body.get('image')).toBeNull();
    expect(router.state.location.pathname).toBe('/edit-post/42');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POST_UPDATE_REDIRECT_MS);
    });
    expect(router.state.location.pathname).toBe(paths.viewPost.getHref(42));
  });

  it("sends someone else's post back home with a warning", async () => {
    answerCategoriesAnd({ body: { post: aPostDetail({ user_id: 99 }) } });
    const router = renderWriting('/edit-post/42');
    expect(await screen.findByTestId('home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(NOT_OWNER_TEXT);
    expect(notice).toHaveAttribute('data-color', 'warning_light');
  });

  it('sends a missing post home with a notice', async () => {
    answerCategoriesAnd({ status: 404, body: { message: 'Post not found.' } });
    renderWriting('/edit-post/41');
    expect(await screen.findByTestId('home')).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent(POST_MISSING_TEXT);
  });

  it('shows the failure notice when the update fails', async () => {
    answerCategoriesAnd({ body: { post: aPostDetail() } });
    mockXhr(() => ({ status: 500, body: { message: 'Something went wrong.' } }));
    renderWriting('/edit-post/42');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT.postUpdateFailed);
  });
});
