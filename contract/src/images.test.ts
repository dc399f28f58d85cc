import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageSrcSet, imageVariantPath, imageVariantWidths, storedImageUrl } from './images.ts';

const hash = 'ab'.repeat(32);
const main = `ab/cd/${hash}.webp`;

describe('image widths', () => {
  it('names a copy after its main file, bare or as an address, and nothing else', () => {
    expect(imageVariantPath(main, 400)).toBe(`ab/cd/${hash}-w400.webp`);
    expect(imageVariantPath(`/storage/${main}`, 800)).toBe(`/storage/ab/cd/${hash}-w800.webp`);
    for (const other of [`ab/cd/${hash}-w400.webp`, '/images/default-post.jpg', `https://x.example/${main}`, `../${main}`]) {
      expect(imageVariantPath(other, 400), other).toBeNull();
    }
  });

  it('has a copy at each width below the image’s own, never above it, none when the width is unknown', () => {
    expect(IMAGE_WIDTHS).toEqual([400, 800, 1600]);
    expect(imageVariantWidths(2000)).toEqual([400, 800, 1600]);
    expect(imageVariantWidths(1600)).toEqual([400, 800]);
    expect(imageVariantWidths(401)).toEqual([400]);
    expect(imageVariantWidths(400)).toEqual([]);
    expect(imageVariantWidths(null)).toEqual([]);
    expect(imageVariantWidths(undefined)).toEqual([]);
  });

  it('builds a srcset of the copies and the main file at its own width, or none', () => {
    const url = `/storage/${main}`;
    expect(imageSrcSet(url, 1200)).toBe(`/storage/ab/cd/${hash}-w400.webp 400w, /storage/ab/cd/${hash}-w800.webp 800w, ${url} 1200w`);
    expect(imageSrcSet(url, 300)).toBeNull();
    expect(imageSrcSet(url, null)).toBeNull();
    expect(imageSrcSet('https://x.example/a.webp', 1200)).toBeNull();
  });
});

describe('a stored image’s address', () => {
  it('puts a stored path under /storage/ and leaves an address as it is', () => {
    expect(storedImageUrl(main)).toBe(`/storage/${main}`);
    for (const address of [`/storage/${main}`, '/images/default-post.jpg', 'https://lh3.googleusercontent.com/a/x=s96-c', '//cdn.example/x.webp', 'data:image/png;base64,AA']) {
      expect(storedImageUrl(address), address).toBe(address);
    }
  });
});
