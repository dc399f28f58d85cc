import { describe, expect, it } from 'vitest';
import { CacheClock, PageCache } from './page-cache.ts';

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

  it("drops its and its siblings' entries when another process wrote (the clock asks before each lookup)", async () => {
    let elsewhere = false;
    const pages = new PageCache<string>(60_000, 100, new CacheClock(() => elsewhere));
    const lists = pages.sibling<number>();
    pages.set('a', 'x');
    lists.set('1', 1);
    expect([pages.get('a'), lists.get('1')]).toEqual(['x', 1]);
    elsewhere = true;
    expect(pages.get('a')).toBeUndefined();
    elsewhere = false;
    expect(lists.get('1')).toBeUndefined();
    // A read begun before the other process's write is not kept.
    let reads = 0;
    let finish = () => {};
    const slow = pages.remember('k', () => new Promise<string>((resolve) => (finish = () => resolve(`read ${++reads}`))));
    elsewhere = true;
    expect(pages.get('other')).toBeUndefined(); // any lookup notices the write
    elsewhere = false;
    finish();
    expect(await slow).toBe('read 1');
    expect(await pages.remember('k', async () => `read ${++reads}`)).toBe('read 2');
    expect(await pages.remember('k', async () => `read ${++reads}`)).toBe('read 2');
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

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PageCache.rememberStale', () => {
  it('answers an entry past its time at once while one read refreshes it, then the new value', async () => {
    const cache = new PageCache<string>(20);
    let reads = 0;
    const read = async () => {
      reads += 1;
      await wait(30);
      return `v${reads}`;
    };
    expect(await cache.rememberStale('k', read)).toBe('v1');
    await wait(25); // past its time
    const started = Date.now();
    const answers = await Promise.all([cache.rememberStale('k', read), cache.rememberStale('k', read), cache.rememberStale('k', read)]);
    expect(answers).toEqual(['v1', 'v1', 'v1']);
    expect(Date.now() - started).toBeLessThan(25); // nobody waited for the refresh
    expect(reads).toBe(2); // one refresh for all of them
    await wait(40);
    expect(await cache.rememberStale('k', read)).toBe('v2');
  });

  it('never answers an entry a write dropped: the caller waits for a fresh read', async () => {
    const cache = new PageCache<string>(20);
    let value = 'before';
    expect(await cache.rememberStale('k', async () => value)).toBe('before');
    await wait(25);
    cache.invalidate();
    value = 'after';
    expect(await cache.rememberStale('k', async () => value)).toBe('after');
  });

  it('keeps the old entry when a refresh fails', async () => {
    const cache = new PageCache<string>(10);
    expect(await cache.rememberStale('k', async () => 'kept')).toBe('kept');
    await wait(15);
    expect(await cache.rememberStale('k', () => Promise.reject(new Error('busy')))).toBe('kept');
    await wait(5);
    expect(await cache.rememberStale('k', () => Promise.reject(new Error('busy')))).toBe('kept');
  });
});
