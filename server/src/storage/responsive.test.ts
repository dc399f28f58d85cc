import { POST_IMAGE_SIZES, imageSrcSet } from '@inkwell/contract';
import { describe, expect, it } from 'vitest';
import { bodyImageAttributes, sizeBodyImages } from './responsive.ts';

const big = `ab/cd/${'ab'.repeat(32)}.webp`;
const small = `cd/ef/${'cd'.repeat(32)}.webp`;
const older = `ef/01/${'ef'.repeat(32)}.webp`;
const sizes = new Map([
  [big, { width: 2000, height: 1000 }],
  [small, { width: 320, height: 240 }],
]);

describe('body images on the reading path', () => {
  it('gives a stored image of known size its width, height and, with copies, srcset and sizes; every image lazy', () => {
    const html = `<p>a<img src="/storage/${big}" alt="x" /></p><img src="/storage/${small}" /><img src="/storage/${older}" /><img src="https://cdn.example.com/p.png?a=1&amp;b=2" />`;
    expect(sizeBodyImages(html, sizes)).toBe(
      `<p>a<img src="/storage/${big}" alt="x" width="2000" height="1000" srcset="${imageSrcSet(`/storage/${big}`, 2000)}" sizes="${POST_IMAGE_SIZES}" loading="lazy" decoding="async" /></p>` +
        `<img src="/storage/${small}" width="320" height="240" loading="lazy" decoding="async" />` +
        `<img src="/storage/${older}" loading="lazy" decoding="async" />` +
        '<img src="https://cdn.example.com/p.png?a=1&amp;b=2" loading="lazy" decoding="async" />',
    );
  });

  it('names the copies of the image in its srcset, and the image itself at its own width', () => {
    const srcset = bodyImageAttributes(`/storage/${big}`, { width: 2000, height: 1000 }).srcset!;
    const base = `/storage/${big.replace(/\.webp$/, '')}`;
    expect(srcset).toBe(`${base}-w400.webp 400w, ${base}-w800.webp 800w, ${base}-w1600.webp 1600w, /storage/${big} 2000w`);
  });

  it('leaves everything but images alone', () => {
    const html = '<p>no &lt;img src="/storage/x"&gt; here</p><pre>&lt;img&gt;</pre>';
    expect(sizeBodyImages(html, sizes)).toBe(html);
  });
});
