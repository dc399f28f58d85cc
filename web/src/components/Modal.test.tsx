import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';

describe('Modal', () => {
  it("keeps its form's submit, clicks and keys to itself: the form and handlers it was opened from get none", () => {
    const outer = { submit: vi.fn((event: { preventDefault(): void }) => event.preventDefault()), click: vi.fn(), key: vi.fn() };
    const inner = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      // The editor opens the image details from inside its own form (the dialog is a portal in <body>).
      <form onSubmit={outer.submit} onClick={outer.click} onKeyDown={outer.key}>
        <Modal title="Image details" size="max-w-lg" initialFocus={(panel) => panel.querySelector('input')} onClose={() => undefined}>
          <form onSubmit={inner}>
            <input aria-label="Alt text" />
            <button type="submit">Save</button>
          </form>
        </Modal>
      </form>,
    );
    fireEvent.keyDown(screen.getByLabelText('Alt text'), { key: 'a' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer.submit).not.toHaveBeenCalled();
    expect(outer.click).not.toHaveBeenCalled();
    expect(outer.key).not.toHaveBeenCalled();
  });
});
