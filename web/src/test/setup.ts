import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/**
 * React's Testing Library wraps renders, events and waitFor in act() itself. One setting differs from
 * its defaults: a slow machine (two cores shared with other work) gets 5 s, not 1 s, before a findBy
 * or waitFor gives up.
 */
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  for (const name of ['token', 'id']) document.cookie = `${name}=; path=/; max-age=0`;
});
