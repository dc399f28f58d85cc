import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { options } from 'preact';
import { HydrateLater, hydrateInSteps, whenHydrated } from './hydrate-later';
import { reportHydrationMismatches } from './report-mismatch';

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

function Page({ onFrame }: { onFrame?: () => void }) {
  onFrame?.();
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
    delete (options as { __m?: unknown }).__m;
    vi.restoreAllMocks();
  });

  it('renders the parts on the server as plain elements, each with its attributes', () => {
    const html = renderToString(<Page />);
    expect(html).toContain('<li data-part="a"><button type="button">a 0</button></li>');
    expect(html).toContain('<aside class="side"><button type="button">side 0</button></aside>');
  });

  it('hydrates the frame first and each part later, in the DOM the server sent, without a mismatch', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reportHydrationMismatches();
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Page />);
    document.body.append(root);
    const sent = buttons(root);
    let frames = 0;

    rendered = [];
    // Outside act(), which would hold every render back to its end: here each part renders in its task.
    hydrateInSteps(() => hydrateRoot(root, <Page onFrame={() => (frames += 1)} />));
    // Right after the first pass the parts are still the server's HTML: none of them has rendered.
    expect(rendered).toEqual([]);
    expect(frames).toBe(1);
    await whenHydrated();

    expect(rendered).toEqual(['a', 'b', 'c', 'side']); // later, once each, in page order

    expect(buttons(root)).toEqual(sent); // the very same nodes: kept, not rebuilt
    expect(root.querySelector('li[data-part="b"] p')?.textContent).toBe('only in b');
    expect(frames).toBe(1); // the parts hydrated without rendering the page again
    await act(async () => {
      for (const button of sent) button.click();
    });
    expect(buttons(root).map((b) => b.textContent)).toEqual(['a 1', 'b 1', 'c 1', 'side 1']);
    expect(errors).not.toHaveBeenCalled();
    root.remove();
  });

  it('renders a page built in the browser at once', async () => {
    const root = document.createElement('div');
    const { createRoot } = await import('react-dom/client');
    await act(async () => createRoot(root).render(<Page />));
    expect(buttons(root).map((b) => b.textContent)).toEqual(['a 0', 'b 0', 'c 0', 'side 0']);
  });
});
