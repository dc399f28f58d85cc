import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { configure } from '@testing-library/dom';
import { options } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, vi } from 'vitest';

/**
 * The components run on Preact (vite.config.ts), so '@testing-library/react' is Preact's Testing
 * Library. Two things React's does are done here too: after a waitFor or findBy, what the awaited
 * change scheduled in a timeout (the query cache notifies its observers so) renders before the test
 * goes on; and a slow machine gets 5 s, not 1 s, before a findBy gives up. Effects run in the next
 * task, as React's scheduler runs them, instead of after jsdom's next animation frame.
 */
options.requestAnimationFrame = (callback) => setTimeout(callback, 0);
configure({
  asyncUtilTimeout: 5000,
  asyncWrapper: async (cb) => {
    const result = await cb();
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
    return result;
  },
  eventWrapper: (cb) => {
    let result: unknown;
    act(() => {
      result = cb();
    });
    return result;
  },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  for (const name of ['token', 'id']) document.cookie = `${name}=; path=/; max-age=0`;
});
