import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache';

describe('PageCache', () => {
  it('empties its siblings when it is invalidated, and they it', () => {
    const pages = new PageCache<string[]>(60_000);
    const lists = pages.sibling<number[]>();
    pages.set('a', ['x']);
    lists.set('1', [1, 2]);
    expect(pages.get('a')).toEqual(['x']);
    expect(lists.get('1')).toEqual([1, 2]);
    pages.invalidate();
    expect(pages.get('a')).toBeUndefined();
    expect(lists.get('1')).toBeUndefined();
    pages.set('a', ['y']);
    lists.invalidate();
    expect(pages.get('a')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest, and nothing when turned off', () => {
    const cache = new PageCache<number>(60_000, 2);
    cache.set('1', 1);
    cache.set('2', 2);
    cache.set('3', 3);
    expect([cache.get('1'), cache.get('2'), cache.get('3')]).toEqual([undefined, 2, 3]);
    const off = new PageCache<number>(0);
    off.set('1', 1);
    expect(off.get('1')).toBeUndefined();
    expect(off.sibling<number>().enabled).toBe(false);
  });

  it('remembers what read() answered until invalidated, and reads every time when off', async () => {
    let reads = 0;
    const read = async () => (reads += 1);
    const cache = new PageCache<number>(60_000);
    expect([await cache.remember('k', read), await cache.remember('k', read)]).toEqual([1, 1]);
    cache.invalidate();
    expect(await cache.remember('k', read)).toBe(2);
    const off = new PageCache<number>(0);
    expect([await off.remember('k', read), await off.remember('k', read)]).toEqual([3, 4]);
  });

  it('shares one read among callers that miss at once, but never a read begun before a write', async () => {
    let reads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const read = async () => {
      reads += 1;
      const n = reads;
      await gate;
      return n;
    };
    const cache = new PageCache<number>(60_000);
    const first = [cache.remember('k', read), cache.remember('k', read), cache.remember('k', read)];
    cache.invalidate(); // a write lands while the read is under way
    const after = cache.remember('k', read);
    release();
    expect(await Promise.all(first)).toEqual([1, 1, 1]);
    expect(await after).toBe(2);
    expect(reads).toBe(2);
    // Only the read of the current generation was kept.
    expect(await cache.remember('k', read)).toBe(2);
  });
});
