import { useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HydrateWhenSeen, type LazyPart, lazyPart } from './hydrate-when-seen';
import { renderErrorReports } from './report-mismatch';
import { mockIntersectionObserver } from '../test/posts';

let clicks: string[] = [];

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button
      type="button"
      onClick={() => {
        clicks.push(name);
        setCount((n) => n + 1);
      }}
    >
      {name} {count}
    </button>
  );
}

/** A part whose code "arrives" when loaded: `loaded` counts the imports it was asked for. */
function aPart() {
  const loads = vi.fn(() => Promise.resolve(Counter));
  return { part: lazyPart(loads), loads };
}

/** Renders the page again from outside (a new `children` for the part each time). */
const page = { renderAgain: () => {} };

function Page({ part }: { part: LazyPart<{ name: string }> }) {
  const [, setRenders] = useState(0);
  page.renderAgain = () => setRenders((n) => n + 1);
  return (
    <main>
      <h1>Frame</h1>
      <HydrateWhenSeen lazy={part} as="section" className="end">
        <part.Component name="later" />
      </HydrateWhenSeen>
    </main>
  );
}

async function serverHtml(): Promise<string> {
  // The server: no IntersectionObserver, so the part renders at once.
  const { part } = aPart();
  const { prelude } = await prerender(<Page part={part} />);
  return new Response(prelude).text();
}

/** The server's HTML in the page, hydrated with a part made while the browser can tell what is seen. */
async function hydrated() {
  const html = await serverHtml();
  const seen = mockIntersectionObserver();
  const { part, loads } = aPart();
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  const button = root.querySelector('button')!;
  hydrateRoot(root, <Page part={part} />, renderErrorReports());
  await settle();
  return { root, button, section: root.querySelector('section')!, loads, seen };
}

/** Lets React work (the part's code waits for the reader: act() would wait for it too, so these tests run without). */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 30));

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
beforeEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  clicks = [];
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('parts hydrated when the reader comes near them', () => {
  it('renders the part on the server, inside its element', async () => {
    const html = await serverHtml();
    expect(html).toMatch(/<section class="end"><!--\$--><button type="button">later<!-- --> <!-- -->0<\/button><!--\/\$--><\/section>/);
  });

  it("keeps the server's HTML without fetching its code until it comes near the screen, then hydrates it", async () => {
    const errors = vi.spyOn(console, 'error');
    const { button, section, loads, seen } = await hydrated();
    await settle();
    expect(loads).not.toHaveBeenCalled();
    expect([...seen.observers][0]?.options?.rootMargin).toBe('100% 0px');

    seen.reveal(section);
    await settle();
    expect(loads).toHaveBeenCalledTimes(1);
    button.click();
    await vi.waitFor(() => expect(button.textContent).toBe('later 1'));
    expect(section.querySelector('button')).toBe(button); // the server's node, hydrated
    expect(errors).not.toHaveBeenCalled();
  });

  it("keeps the server's HTML when the page renders again before the part's code is in", async () => {
    const errors = vi.spyOn(console, 'error');
    const { button, section, loads, seen } = await hydrated();
    page.renderAgain();
    await settle();
    expect(section.querySelector('button')).toBe(button);
    expect(loads).not.toHaveBeenCalled();

    seen.reveal(section);
    await vi.waitFor(() => expect(loads).toHaveBeenCalledTimes(1));
    await settle();
    button.click();
    await vi.waitFor(() => expect(button.textContent).toBe('later 1'));
    expect(section.querySelector('button')).toBe(button);
    expect(errors).not.toHaveBeenCalled();
  });

  it('holds a click that lands before its code, and makes it once the part is hydrated: none is lost', async () => {
    const { button, loads } = await hydrated();
    // Held: its default (a link followed, a form sent) waits too.
    expect(button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))).toBe(false);
    await vi.waitFor(() => expect(button.textContent).toBe('later 1'));
    expect(loads).toHaveBeenCalledTimes(1);
    expect(clicks).toEqual(['later']);
  });

  it('fetches its code when the reader acts in it (a tap, the focus) before seeing it', async () => {
    const { button, loads, seen } = await hydrated();
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await settle();
    expect(loads).toHaveBeenCalledTimes(1);
    expect(seen.observers.size).toBe(0); // no longer watched
  });

  it('loads a part rendered in the browser (a move to another page) at once', async () => {
    mockIntersectionObserver();
    const { part, loads } = aPart();
    const root = document.createElement('div');
    document.body.append(root);
    createRoot(root).render(<Page part={part} />);
    await vi.waitFor(() => expect(root.querySelector('button')?.textContent).toBe('later 0'));
    expect(loads).toHaveBeenCalledTimes(1);
  });
});
