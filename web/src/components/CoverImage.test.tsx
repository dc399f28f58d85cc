import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POST_IMAGE, imageSrcSet } from '@inkwell/contract';
import { CoverImage } from './CoverImage';

const path = `ab/cd/${'ab'.repeat(32)}.webp`;
const url = `/storage/${path}`;
const image = (container: HTMLElement) => container.querySelector('img')!;

describe('CoverImage', () => {
  it('offers the stored copies in a srcset with its sizes, reserves its box, and is lazy below the first', () => {
    const { container } = render(<CoverImage cover={{ image: path, image_width: 1200 }} sizes="160px" width={160} height={112} />);
    const img = image(container);
    expect(img).toHaveAttribute('src', url);
    expect(img).toHaveAttribute('srcset', imageSrcSet(url, 1200)!);
    expect(img.getAttribute('srcset')).toContain('-w400.webp 400w');
    expect(img).toHaveAttribute('sizes', '160px');
    expect(img).toHaveAttribute('width', '160');
    expect(img).toHaveAttribute('height', '112');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('fetches the first cover of a page at once with high priority', () => {
    const img = image(render(<CoverImage cover={{ image: path, image_width: 1200 }} sizes="100vw" width={1360} height={765} priority />).container);
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).not.toHaveAttribute('loading');
    expect(img).not.toHaveAttribute('decoding');
  });

  it('serves the single file when the size is unknown or too small for copies, and the default without a cover', () => {
    for (const width of [null, undefined, 400]) {
      const img = image(render(<CoverImage cover={{ image: path, image_width: width }} sizes="100vw" width={160} height={112} />).container);
      expect(img).toHaveAttribute('src', url);
      expect(img).not.toHaveAttribute('srcset');
      expect(img).not.toHaveAttribute('sizes');
    }
    const none = image(render(<CoverImage cover={{ image: null, image_width: 1200 }} sizes="100vw" width={160} height={112} />).container);
    expect(none).toHaveAttribute('src', DEFAULT_POST_IMAGE);
    expect(none).not.toHaveAttribute('srcset');
  });

  it('falls back from a failing copy to the stored file, then to the default cover', () => {
    const img = image(render(<CoverImage cover={{ image: path, image_width: 1200 }} sizes="100vw" width={160} height={112} />).container);
    fireEvent.error(img);
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
    expect(img.getAttribute('src')).toBe(url);
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(DEFAULT_POST_IMAGE);
  });
});
