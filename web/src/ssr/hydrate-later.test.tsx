import { useLayoutEffect, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydrateLater, whenHydrated } from './hydrate-later';
import { renderErrorReports } from './report-mismatch';

let rendered: string[] = [];

function Counter({ name }: { name: string }) {
  rendered.push(name);
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {name} {count}
    </button>
  );
}

/** What had rendered when the page's frame committed, and whether the first hydration was over then. */
let atFrame: { rendered: string[]; hydrated: Promise<string[]> } | null = null;

function Page() {
  useLayoutEffect(() => {
    atFrame = { rendered: [...rendered], hydrated: whenHydrated().then(() => [...rendered]) };
  }, []);
  return (
    <main>
      <h1>Frame</h1>
      <ul>
        {['a', 'b', 'c'].map((name) => (
          <HydrateLater as="li" key={name} data-part={name}>
            <Counter name={name} />
            {name === 'b' && <p>only in b</p>}
          </HydrateLater>
        ))}
      </ul>
      <HydrateLater as="aside" className="side">
        <Counter name="side" />
      </HydrateLater>
    </main>
  );
}

const buttons = (root: HTMLElement) => [...root.querySelectorAll('button')];

describe('hydration in steps', () => {
  afterEach(() => {
    atFrame = null;
    document.body.replaceChildren();
    vi.restoreAllMocks();
  });

  it('renders the parts on the server as plain elements, each with its attributes', () => {
    const html = renderToString(<Page />);
    expect(html).toContain('<li data-part="a"><button type="button">a<!-- --> <!-- -->0</button></li>');
    expect(html).toContain('<aside class="side"><button type="button">side<!-- --> <!-- -->0</button></aside>');
  });

  it('hydrates the frame first and the parts after it, in the DOM the server sent, without a mismatch', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Page />);
    document.body.append(root);
    const sent = buttons(root);

    rendered = [];
    await act(async () => {
      hydrateRoot(root, <Page />, renderErrorReports());
    });
    // When the frame committed, no part had rendered, and the first hydration was not over.
    expect(atFrame?.rendered).toEqual([]);
    expect(await atFrame?.hydrated).toEqual(['a', 'b', 'c', 'side']); // later, once each, in page order

    expect(buttons(root)).toEqual(sent); // the very same nodes: kept, not rebuilt
    expect(root.querySelector('li[data-part="b"] p')?.textContent).toBe('only in b');
    await act(async () => {
      for (const button of sent) button.click();
    });
    expect(buttons(root).map((b) => b.textContent)).toEqual(['a 1', 'b 1', 'c 1', 'side 1']);
    expect(errors).not.toHaveBeenCalled();
  });

  it('renders a page built in the browser at once, hydrated as soon as it is in', async () => {
    const root = document.createElement('div');
    rendered = [];
    await act(async () => createRoot(root).render(<Page />));
    expect(atFrame?.rendered).toEqual(['a', 'b', 'c', 'side']);
    expect(buttons(root).map((b) => b.textContent)).toEqual(['a 0', 'b 0', 'c 0', 'side 0']);
    await expect(whenHydrated()).resolves.toBeUndefined();
  });
});
