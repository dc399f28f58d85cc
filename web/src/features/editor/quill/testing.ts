import { vi } from 'vitest';

/**
 * What Quill needs of a browser that jsdom lacks, for tests that run the real editor: the caret's
 * rectangle (Quill scrolls it into view after a change), scrollIntoView, and innerText (Quill reads
 * code lines with it; their text is all they hold).
 */
export function stubLayoutForQuill(): void {
  Element.prototype.scrollIntoView = vi.fn();
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  if (!('innerText' in HTMLElement.prototype)) {
    Object.defineProperty(HTMLElement.prototype, 'innerText', {
      configurable: true,
      get(this: HTMLElement) {
        return this.textContent;
      },
    });
  }
}
