import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, type RefObject } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_MESSAGES, paths } from '@inkwell/contract';
import { toLocalInputValue } from '../../lib/dates';
import { setSession } from '../../lib/session';
import { jsonBody, mockApi } from '../../test/render';
import { imagesWithoutAlt } from './image-alt';
import type { EditorHandle } from './quill/create-editor';
import { answerCategoriesAnd, categories, mockXhr, renderWriting } from './testing';

const editFirstImageWithoutAlt = vi.fn(() => true);

// Quill needs a real browser (e2e/editor-canvas.e2e.ts covers it with the image details); here a
// textarea stands in for it, and the handle the form reaches into is a spy.
vi.mock('./components/RichTextEditor', () => ({
  RichTextEditor: ({
    initialHtml,
    onChange,
    labelledBy,
    editorRef,
  }: {
    initialHtml: string;
    onChange: (html: string) => void;
    labelledBy: string;
    editorRef?: RefObject<EditorHandle | null>;
  }) => {
    useEffect(() => {
      if (editorRef) editorRef.current = { focus: () => undefined, destroy: () => undefined, editFirstImageWithoutAlt };
    }, [editorRef]);
    return <textarea aria-labelledby={labelledBy} defaultValue={initialHtml} onChange={(event) => onChange(event.target.value)} />;
  },
}));

beforeEach(() => {
  localStorage.clear();
  setSession(7);
  editFirstImageWithoutAlt.mockClear();
});

afterEach(() => localStorage.clear());

describe('images without alt text', () => {
  it('are counted in the editor’s HTML and in stored bodies', () => {
    expect(imagesWithoutAlt('<p>No images</p>')).toBe(0);
    expect(
      imagesWithoutAlt(
        '<figure><img src="/a.webp" alt="A map"></figure><figure><img src="/b.webp"></figure><img src="/c.webp" alt="  "><img src=/d.webp alt=\'\'>' +
          '<img alt=Short src="/e.webp" /><img src="/f.webp" alt="&nbsp;"><IMG SRC="/g.webp" ALT="Caps">',
      ),
    ).toBe(4);
  });
});

/** Fills a new story whose body holds `body`. */
async function writeStory(user: ReturnType<typeof userEvent.setup>, body: string) {
  await user.type(await screen.findByLabelText('Title'), 'With pictures');
  await user.type(screen.getByLabelText('Subtitle'), 'And words for them');
  await screen.findByRole('option', { name: 'Technology' });
  await user.selectOptions(screen.getByLabelText('Category'), 'Technology');
  fireEvent.change(screen.getByLabelText('Story'), { target: { value: body } });
}

describe('Publishing a story with images without alt text', () => {
  it('asks first: how many lack it, focus on Add alt text; Publish anyway publishes', async () => {
    answerCategoriesAnd();
    const sent = mockXhr(() => ({ status: 200, body: { message: 'Post created', post: { id: 5, read_time: 1, image: null } } }));
    renderWriting('/createpost');
    const user = userEvent.setup();
    await writeStory(user, '<figure><img src="/storage/a.webp"></figure><p>Text</p><figure><img src="/storage/b.webp"></figure>');
    await user.click(screen.getByRole('button', { name: 'POST' }));

    const warning = await screen.findByRole('alertdialog', { name: 'Images without alt text' });
    expect(warning).toHaveAccessibleDescription(expect.stringContaining('2 images have no alt text.'));
    const add = within(warning).getByRole('button', { name: 'Add alt text' });
    await waitFor(() => expect(add).toHaveFocus());
    expect(sent).toHaveLength(0);

    await user.click(within(warning).getByRole('button', { name: 'Publish anyway' }));
    expect(await screen.findByTestId('home')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/user/add-post');
  });

  it('Add alt text sends nothing and opens the first such image in the editor; Escape only closes', async () => {
    answerCategoriesAnd();
    const sent = mockXhr(() => ({ status: 200, body: {} }));
    renderWriting('/createpost');
    const user = userEvent.setup();
    await writeStory(user, '<figure><img src="/storage/a.webp" alt="Fine"></figure><figure><img src="/storage/b.webp"></figure>');
    await user.click(screen.getByRole('button', { name: 'POST' }));
    const warning = await screen.findByRole('alertdialog');
    expect(warning).toHaveAccessibleDescription(expect.stringContaining('1 image has no alt text.'));
    await user.click(within(warning).getByRole('button', { name: 'Add alt text' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(editFirstImageWithoutAlt).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'POST' }));
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(editFirstImageWithoutAlt).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(0);
  });

  it('publishes at once when every image has alt text', async () => {
    answerCategoriesAnd();
    const sent = mockXhr(() => ({ status: 200, body: { message: 'Post created', post: { id: 5, read_time: 1, image: null } } }));
    renderWriting('/createpost');
    const user = userEvent.setup();
    await writeStory(user, '<figure><img src="/storage/a.webp" alt="A map"><figcaption>Rivers</figcaption></figure>');
    await user.click(screen.getByRole('button', { name: 'POST' }));
    expect(await screen.findByTestId('home')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });
});

describe('Scheduling a story with images without alt text', () => {
  const draft = {
    id: 12,
    title: 'A draft',
    sub_title: 'Its subtitle',
    category_id: 2,
    description: '<figure><img src="/storage/a.webp"></figure>',
    image: null,
    publish_at: null,
    email_subscribers: true,
    preview_url: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T12:04:00.000Z',
  };

  function draftsApi() {
    return mockApi((path, init) => {
      if (path === 'category') return { body: categories };
      if (path === 'drafts/details') return { body: { draft } };
      if (path === 'drafts/schedule') {
        const body = jsonBody(init) as { publish_at: string };
        return { body: { message: DRAFT_MESSAGES.scheduled, draft: { ...draft, publish_at: body.publish_at } } };
      }
      return undefined;
    });
  }
  const schedules = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/user/drafts/schedule');

  it('asks first; Add alt text keeps the chosen time without an error, Schedule anyway schedules', async () => {
    const fetchMock = draftsApi();
    renderWriting(paths.createPost.getHref(12));
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveDisplayValue('Travel'));
    const when = toLocalInputValue(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
    fireEvent.change(screen.getByLabelText('Publish later'), { target: { value: when } });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));

    const warning = await screen.findByRole('alertdialog', { name: 'Images without alt text' });
    await user.click(within(warning).getByRole('button', { name: 'Add alt text' }));
    expect(editFirstImageWithoutAlt).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Publish later')).toHaveValue(when);
    expect(screen.getByLabelText('Publish later')).not.toHaveAttribute('aria-invalid');
    expect(schedules(fetchMock)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Schedule anyway' }));
    expect(await screen.findByTestId('scheduled-for')).toBeInTheDocument();
    expect(schedules(fetchMock)).toHaveLength(1);
  });
});
