import { hydrateRoot } from 'react-dom/client';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderErrorReports } from './report-mismatch';

/** Hydrates `ui` into a root holding `serverHtml`, with the app's reports, and answers what console.error was told. */
async function hydrateWith(serverHtml: string, ui: React.ReactNode) {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const root = document.createElement('div');
  root.innerHTML = serverHtml;
  document.body.append(root);
  await act(async () => {
    hydrateRoot(root, ui, renderErrorReports());
  });
  root.remove();
  return errors.mock.calls.map((args) => args.map(String).join(' '));
}

describe('hydration mismatches', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('are said as a console error, with where in the page they are', async () => {
    function Part() {
      return (
        <section>
          <ul>
            <li>in the browser</li>
          </ul>
        </section>
      );
    }
    const said = await hydrateWith('<section><p>from the server</p></section>', <Part />);
    const mismatch = said.find((text) => text.startsWith('Hydration mismatch:'));
    expect(mismatch).toBeDefined();
    expect(mismatch).toMatch(/at Part/);
  });

  it('of text are said too (a relative time or a number printed differently)', async () => {
    const said = await hydrateWith('<p>5 seconds ago</p>', <p>6 seconds ago</p>);
    expect(said.some((text) => text.startsWith('Hydration mismatch:'))).toBe(true);
  });

  it('are not reported when the page matches', async () => {
    const said = await hydrateWith(
      '<section><p>same</p></section>',
      <section>
        <p>same</p>
      </section>,
    );
    expect(said).toEqual([]);
  });
});
