import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from './components/RichTextEditor';
import { stubLayoutForQuill } from './quill/testing';

// The real editor (Quill runs in jsdom for this); typing Markdown needs a browser: e2e/editor-canvas.

beforeEach(() => stubLayoutForQuill());

function renderEditor(initialHtml: string) {
  const onChange = vi.fn();
  const { container } = render(
    <RichTextEditor initialHtml={initialHtml} labelledBy="story" onChange={onChange} uploadImage={() => Promise.resolve('/storage/x.webp')} onUploadError={() => undefined} />,
  );
  return { onChange, container };
}

describe('Image details in the editor', () => {
  it('opens from the image’s button with focus in Alt text, and saves alt text and caption into the figure', async () => {
    const { onChange, container } = renderEditor('<p>Intro</p><figure><img src="/storage/a.webp"></figure>');
    const button = await screen.findByRole('button', { name: 'Add alt text and caption (this image has no alt text)' });
    const user = userEvent.setup();
    await user.click(button);

    const dialog = await screen.findByRole('dialog', { name: 'Image details' });
    const alt = within(dialog).getByLabelText('Alt text');
    await waitFor(() => expect(alt).toHaveFocus());
    expect(alt).toHaveAccessibleDescription(expect.stringContaining('readers who cannot see it'));
    await user.type(alt, 'A map of the rivers');
    await user.type(within(dialog).getByLabelText(/Caption/), 'Rivers & "roads"');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith('<p>Intro</p><figure><img src="/storage/a.webp" alt="A map of the rivers"><figcaption>Rivers &amp; "roads"</figcaption></figure>');
    expect(container.querySelector('figure figcaption')).toHaveTextContent('Rivers & "roads"');
    expect(screen.getByRole('button', { name: 'Edit alt text and caption' })).toBeInTheDocument();
  });

  it('opens when the image is clicked; Enter in Alt text saves; Escape leaves the figure as it was', async () => {
    const { onChange, container } = renderEditor('<figure><img src="/storage/a.webp" alt="Old"><figcaption>Kept</figcaption></figure>');
    const user = userEvent.setup();
    await waitFor(() => expect(container.querySelector('figure img')).not.toBeNull());
    await user.click(container.querySelector('figure img')!);
    let dialog = await screen.findByRole('dialog', { name: 'Image details' });
    expect(within(dialog).getByLabelText('Alt text')).toHaveValue('Old');
    expect(within(dialog).getByLabelText(/Caption/)).toHaveValue('Kept');
    await user.type(within(dialog).getByLabelText('Alt text'), ' and new');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(container.querySelector('figure img')).toHaveAttribute('alt', 'Old');

    await user.click(container.querySelector('figure img')!);
    dialog = await screen.findByRole('dialog', { name: 'Image details' });
    await user.clear(within(dialog).getByLabelText('Alt text'));
    await user.type(within(dialog).getByLabelText('Alt text'), 'New{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith('<figure><img src="/storage/a.webp" alt="New"><figcaption>Kept</figcaption></figure>');
  });
});
