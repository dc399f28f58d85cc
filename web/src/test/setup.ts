import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { ReadableStream, TransformStream, WritableStream } from 'node:stream/web';

// The tests run in a VM context each (vite.config.ts: pool vmThreads), whose jsdom window has no web
// streams; React's server renderer (react-dom/static, in the ssr tests) needs them.
for (const [name, value] of Object.entries({ ReadableStream, TransformStream, WritableStream })) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}

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
