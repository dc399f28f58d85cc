import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { options } from 'preact';
import { reportHydrationMismatches } from './report-mismatch';

describe('hydration mismatches', () => {
  afterEach(() => {
    delete (options as { __m?: unknown }).__m;
    vi.restoreAllMocks();
  });

  it('are said as a console error, naming what the server sent and what the page renders', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reportHydrationMismatches();
    const root = document.createElement('div');
    root.innerHTML = '<section><p>from the server</p></section>';
    hydrateRoot(root, <section><ul><li>in the browser</li></ul></section>);
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^Hydration mismatch: the server's HTML had p where the page renders <ul>/));
  });

  it('are not reported when the page matches', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reportHydrationMismatches();
    const root = document.createElement('div');
    root.innerHTML = '<section><p>same</p></section>';
    hydrateRoot(root, <section><p>same</p></section>);
    expect(errors).not.toHaveBeenCalled();
  });
});
