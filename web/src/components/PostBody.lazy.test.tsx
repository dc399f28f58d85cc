import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { styleToDataColor } from '../lib/inline-colours';
import { HydrateLater } from '../ssr/hydrate-later';
import { renderErrorReports } from '../ssr/report-mismatch';
import { PostBody } from './PostBody';
import { forgetSanitizer, loadSanitizer, sanitizerLoaded, setServerSanitizer } from './post-html';

/**
 * PostBody before DOMPurify's chunk is loaded (post-html.ts). Each test starts as a page does, with
 * nothing loaded, and the chunk loads only once the test opens the gate, so what the body shows
 * meanwhile can be looked at.
 */
const gate = { wait: Promise.resolve(), open: () => {} };
/** The chunk as a new import() of it: waits for the gate. */
function closeGate() {
  gate.wait = new Promise<void>((resolve) => (gate.open = resolve));
  vi.doMock('./sanitize-post-html', async (importOriginal) => {
    await gate.wait;
    return importOriginal();
  });
}

/** A page holding a body in a part that hydrates later, as the post page does; its html and renders driven from outside. */
function pageOf() {
  const control = { setHtml: (_html: string) => {}, renderAgain: () => {} };
  function Page({ html: first }: { html: string }) {
    const [html, setHtml] = useState(first);
    const [, setRenders] = useState(0);
    control.setHtml = setHtml;
    control.renderAgain = () => setRenders((n) => n + 1);
    return (
      <main>
        <h1>Title</h1>
        <HydrateLater className="mt-10">
          <PostBody html={html} />
        </HydrateLater>
      </main>
    );
  }
  return { Page, control };
}

/** Every element put in `root` while it is watched (kept even once removed again). */
function watchInserted(root: HTMLElement) {
  const inserted: Element[] = [];
  const collect = (records: MutationRecord[]) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element) inserted.push(node, ...node.querySelectorAll('*'));
      }
      if (record.type === 'attributes' && record.target instanceof Element) inserted.push(record.target);
    }
  };
  const observer = new MutationObserver(collect);
  observer.observe(root, { childList: true, subtree: true, attributes: true });
  return {
    /** Elements inserted with a handler attribute or a script, at any moment. */
    dangerous: () => {
      collect(observer.takeRecords());
      return inserted.filter((el) => el.tagName === 'SCRIPT' || Array.from(el.attributes).some((attr) => /^on/i.test(attr.name)));
    },
    stop: () => observer.disconnect(),
  };
}

const html = '<p>The lamp turns <span style="color: #e60000;">every five seconds</span>.</p><pre>\nconst a = 1;\n</pre>';
const payload = '<p>Changed</p><img src=x onerror="window.__xss = 1"><script>window.__xss = 2</script><pre>b</pre>';

/** The page as the server renders it (its own sanitiser set), in the document; then the browser's start. */
async function serverRenderedPage(): Promise<HTMLElement> {
  // Standing in for the server's allowlist (sanitize-html): the browser's, after the same colour rewrite.
  const { purifyPostHtml } = await vi.importActual<typeof import('./sanitize-post-html')>('./sanitize-post-html');
  setServerSanitizer((dirty) => purifyPostHtml(styleToDataColor(dirty)));
  const { Page } = pageOf();
  const root = document.createElement('div');
  root.innerHTML = renderToString(<Page html={html} />);
  document.body.append(root);
  forgetSanitizer();
  return root;
}

/** Hydrates the page as start.tsx does (the part after the frame), and waits for the Copy buttons. */
async function hydrate(root: HTMLElement) {
  const page = pageOf();
  await act(async () => {
    hydrateRoot(root, <page.Page html={html} />, renderErrorReports());
  });
  await screen.findByRole('button', { name: 'Copy code' });
  return page.control;
}

beforeEach(() => {
  forgetSanitizer();
  closeGate();
});
afterEach(() => {
  vi.restoreAllMocks();
  gate.open();
  document.body.replaceChildren();
  delete (window as { __xss?: unknown }).__xss;
});

describe('PostBody before the sanitiser is loaded', () => {
  it("hydrates the server's body as it is: the same nodes, with Copy buttons and colours, and keeps them on later renders", async () => {
    const root = await serverRenderedPage();
    const body = root.querySelector<HTMLElement>('[data-testid="post-body"]')!;
    const [paragraph, pre] = [body.querySelector('p')!, body.querySelector('pre')!];
    const texts = Array.from(paragraph.childNodes);
    expect(sanitizerLoaded()).toBe(false);

    const control = await hydrate(root);
    expect(screen.getByTestId('post-body')).toBe(body);
    expect(body.querySelector('p')).toBe(paragraph);
    expect(Array.from(paragraph.childNodes).every((node, index) => node === texts[index])).toBe(true);
    expect(paragraph.childNodes).toHaveLength(texts.length);
    expect(body.querySelector('pre')).toBe(pre);
    const wrapper = pre.parentElement!;
    expect(wrapper.dataset.codeWrap).toBe('');
    const button = screen.getByRole('button', { name: 'Copy code' });
    expect(screen.getByText('every five seconds')).toHaveStyle({ color: 'rgb(230, 0, 0)' });

    // The sanitiser arrives (a move elsewhere loaded it) and the page renders again: the body is not set again.
    gate.open();
    await loadSanitizer();
    act(() => control.renderAgain());
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 10)));
    expect(body.querySelector('p')).toBe(paragraph);
    expect(pre.parentElement).toBe(wrapper);
    expect(screen.getByRole('button', { name: 'Copy code' })).toBe(button);
    expect(body.querySelectorAll('[data-code-wrap]')).toHaveLength(1);
  });

  it('does not load the sanitiser for a hydrated body, idle or not (a move to another post loads it)', async () => {
    const root = await serverRenderedPage();
    await hydrate(root);
    gate.open();
    // Past the second an idle load waited for (without requestIdleCallback, as in jsdom).
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 1500)));
    expect(sanitizerLoaded()).toBe(false);
  });

  it('renders an html that changes after hydration empty until the sanitiser loads, then cleaned; never raw', async () => {
    const root = await serverRenderedPage();
    const control = await hydrate(root);
    const body = screen.getByTestId('post-body');
    const watch = watchInserted(root);

    act(() => control.setHtml(payload));
    expect(body.innerHTML).toBe('');
    expect(screen.queryByRole('button', { name: 'Copy code' })).not.toBeInTheDocument();

    gate.open();
    expect(await screen.findByText('Changed')).toBeInTheDocument();
    expect(screen.getByTestId('post-body')).toBe(body);
    expect(body.innerHTML).not.toMatch(/onerror|script/);
    expect(body.querySelector('img')).toBeNull(); // no address it may load
    expect(await screen.findByRole('button', { name: 'Copy code' })).toBeInTheDocument();
    expect(watch.dangerous()).toEqual([]);
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
    watch.stop();
  });

  it('cleans at once an html that changes after hydration once the sanitiser is loaded', async () => {
    const root = await serverRenderedPage();
    const control = await hydrate(root);
    gate.open();
    await loadSanitizer();
    const watch = watchInserted(root);

    act(() => control.setHtml(payload));
    const body = screen.getByTestId('post-body');
    expect(body.querySelector('p')).toHaveTextContent('Changed');
    expect(body.innerHTML).not.toMatch(/onerror|script/);
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
    expect(watch.dangerous()).toEqual([]);
    watch.stop();
  });

  it('renders a body built in the browser empty until the sanitiser loads, then cleaned; never raw', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const watch = watchInserted(host);

    render(<PostBody html={payload} />, { container: host });
    const body = screen.getByTestId('post-body');
    expect(body.innerHTML).toBe('');
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 10)));
    expect(sanitizerLoaded()).toBe(false);
    expect(body.innerHTML).toBe('');

    gate.open();
    expect(await screen.findByText('Changed')).toBeInTheDocument();
    expect(screen.getByTestId('post-body')).toBe(body);
    expect(body.innerHTML).not.toMatch(/onerror|script/);
    expect(await screen.findByRole('button', { name: 'Copy code' })).toBeInTheDocument();
    expect(watch.dangerous()).toEqual([]);
    watch.stop();
  });

  it("cleans a body React renders anew when the server's HTML did not match: empty, then cleaned; never raw", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The server sent something else where the body is: React renders that part in the browser instead.
    const root = document.createElement('div');
    root.innerHTML = renderToString(
      <main>
        <h1>Title</h1>
        <HydrateLater className="mt-10">
          <section>Something else</section>
        </HydrateLater>
      </main>,
    );
    document.body.append(root);
    const watch = watchInserted(root);
    const page = pageOf();
    await act(async () => {
      hydrateRoot(root, <page.Page html={payload} />, renderErrorReports());
    });
    expect(errors.mock.calls.some(([said]) => String(said).startsWith('Hydration mismatch:'))).toBe(true);
    const body = screen.getByTestId('post-body');
    expect(body.innerHTML).toBe('');
    expect(sanitizerLoaded()).toBe(false);

    gate.open();
    expect(await screen.findByText('Changed')).toBeInTheDocument();
    expect(body.innerHTML).not.toMatch(/onerror|script/);
    expect(await screen.findByRole('button', { name: 'Copy code' })).toBeInTheDocument();
    expect(watch.dangerous()).toEqual([]);
    watch.stop();
  });
});
