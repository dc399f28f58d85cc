import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_POST_IMAGE, TEXT, formatPostDate } from '@inkwell/contract';
import { setSession } from '../../lib/session';
import { aPostDetail, answerCategoriesAnd, mockXhr, renderWriting } from './testing';

// Quill needs a real browser (e2e/writing.e2e.ts covers it); here a textarea stands in for it.
vi.mock('./components/RichTextEditor', () => ({
  RichTextEditor: ({ initialHtml, onChange, labelledBy }: { initialHtml: string; onChange: (html: string) => void; labelledBy: string }) => (
    <textarea aria-labelledby={labelledBy} defaultValue={initialHtml} onChange={(event) => onChange(event.target.value)} />
  ),
}));

beforeEach(() => {
  localStorage.clear();
  setSession(7);
  URL.createObjectURL = () => 'blob:cover';
  URL.revokeObjectURL = () => {};
});

afterEach(() => localStorage.clear());

async function fillRequired(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.type(await screen.findByLabelText('Title'), title);
  await user.type(screen.getByLabelText('Subtitle'), 'Words first');
  await screen.findByRole('option', { name: 'Technology' });
  await user.selectOptions(screen.getByLabelText('Category'), 'Technology');
}

describe('A first post', () => {
  it('publishes without a cover (SPEC §5), the preview showing the default picture readers will see', async () => {
    answerCategoriesAnd();
    const sent = mockXhr(() => ({ status: 201, body: { message: 'ok', post: { id: 5, read_time: 1, image: null } } }));
    renderWriting('/createpost');
    const user = userEvent.setup();
    await fillRequired(user, 'No picture needed');
    expect(screen.getByText('(optional)', { exact: false, selector: 'label span' })).toBeInTheDocument();
    expect(screen.getByTestId('preview-default-cover')).toHaveAttribute('src', DEFAULT_POST_IMAGE);
    expect(screen.getByTestId('cover-default')).toHaveAttribute('src', DEFAULT_POST_IMAGE);
    await user.click(screen.getByRole('button', { name: 'POST' }));
    expect(await screen.findByTestId('home')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.get('image')).toBeNull();
    expect(sent[0]!.body.get('title')).toBe('No picture needed');
  });

  it('refuses a file that is not an accepted image, says which types are, and empties the picker', async () => {
    answerCategoriesAnd();
    renderWriting('/createpost');
    const user = userEvent.setup({ applyAccept: false });
    const picker = await screen.findByLabelText(/Cover image/);
    expect(picker).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif,image/avif');
    for (const file of [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }), new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })]) {
      await user.upload(picker, file);
      expect(picker).toHaveAccessibleDescription(expect.stringContaining(TEXT.imageTypesAccepted));
      expect(screen.queryByTestId('cover-preview')).not.toBeInTheDocument();
      expect(picker).toHaveValue('');
    }
    await user.upload(picker, new File(['png'], 'ok.png', { type: 'image/png' }));
    expect(picker).not.toHaveAccessibleDescription(expect.stringContaining(TEXT.imageTypesAccepted));
    expect(screen.getByTestId('cover-preview')).toHaveAttribute('src', 'blob:cover');
  });

  it('a refused file does not block publishing: the post goes without a cover', async () => {
    answerCategoriesAnd();
    const sent = mockXhr(() => ({ status: 201, body: { message: 'ok', post: { id: 6, read_time: 1, image: null } } }));
    renderWriting('/createpost');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await screen.findByLabelText(/Cover image/), new File(['hi'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByText(TEXT.imageTypesAccepted)).toBeInTheDocument();
    await fillRequired(user, 'Still publishing');
    await user.click(screen.getByRole('button', { name: 'POST' }));
    expect(await screen.findByTestId('home')).toBeInTheDocument();
    expect(sent[0]!.body.get('image')).toBeNull();
  });

  it('a server refusal of the cover names the accepted types under the picker', async () => {
    answerCategoriesAnd();
    mockXhr(() => ({ status: 415, body: { message: TEXT.imageTypesAccepted } }));
    renderWriting('/createpost');
    const user = userEvent.setup();
    await fillRequired(user, 'A disguised file');
    // Says PNG, is not (the server sniffs the bytes).
    await user.upload(screen.getByLabelText(/Cover image/), new File(['not really'], 'fake.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'POST' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT.postCreateFailed);
    expect(screen.getByLabelText(/Cover image/)).toHaveAccessibleDescription(expect.stringContaining(TEXT.imageTypesAccepted));
  });
});

describe('The preview', () => {
  it('lays its header out as the published post: title, subtitle, the writer, read time and date, then the cover', async () => {
    answerCategoriesAnd();
    renderWriting('/createpost');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'A shared header');
    await user.type(screen.getByLabelText('Subtitle'), 'Same as the post page');
    const preview = screen.getByTestId('post-preview');
    const title = within(preview).getByRole('heading', { level: 3, name: 'A shared header' });
    expect(title).toHaveClass('font-serif', 'sm:text-[42px]');
    expect(within(preview).getByTestId('preview-subtitle')).toHaveTextContent('Same as the post page');
    expect(within(preview).getByText(formatPostDate(new Date().toISOString()))).toBeInTheDocument();
    const cover = within(preview).getByTestId('preview-default-cover');
    expect(title.compareDocumentPosition(cover) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the writer when editing, with the post’s own date', async () => {
    answerCategoriesAnd({ body: { post: aPostDetail({ created_at: '2026-01-05T00:00:00.000Z' }) } });
    renderWriting('/edit-post/42');
    const preview = await screen.findByTestId('post-preview');
    expect(await within(preview).findByText('Ada')).toBeInTheDocument();
    expect(within(preview).getByText('5 January 2026')).toBeInTheDocument();
    expect(within(preview).getByTestId('preview-cover')).toHaveAttribute('src', '/storage/posts/cover.webp');
  });
});
