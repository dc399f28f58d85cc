import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEditor, type EditorHandle, type ImageDetailsRequest } from './create-editor';
import { stubLayoutForQuill } from './testing';

/**
 * The editor in jsdom: what a stored body (as the server writes it) becomes in Quill, and what Quill
 * writes back after a change. Typing (the Markdown shortcuts) needs a real browser: e2e/editor-canvas.
 */

/** A body as the server stores it: highlighted code, figures, a divider, an image from before figures. */
const STORED =
  '<h1>Title</h1><pre data-language="python">\n<span class="hljs-keyword">def</span> f():\n    <span class="hljs-keyword">return</span> <span class="hljs-string">"&lt;b&gt;"</span>\n</pre>' +
  '<figure><img src="/storage/a.webp" alt="A &quot;quoted&quot; map"><figcaption>Rivers &amp; roads</figcaption></figure><hr />' +
  '<p>Old <img src="/storage/b.webp"> image</p><pre>\nx = 1\n</pre>';

let host: HTMLElement;
let editor: EditorHandle;
let changes: string[];
let requests: ImageDetailsRequest[];

function start(initialHtml: string) {
  editor = createEditor(host, {
    initialHtml,
    placeholder: 'Tell your story…',
    ariaLabelledBy: 'story',
    onChange: (html) => changes.push(html),
    uploadImage: () => Promise.resolve('/storage/new.webp'),
    onUploadError: () => undefined,
    onEditImage: (request) => requests.push(request),
  });
  return host.querySelector<HTMLElement>('.ql-editor')!;
}

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  changes = [];
  requests = [];
  stubLayoutForQuill();
});

afterEach(() => {
  editor.destroy();
  host.remove();
});

describe('the editor and stored bodies', () => {
  it('loads highlighted code as plain lines in their language, figures with alt text and caption, old images as figures', () => {
    const root = start(STORED);
    const blocks = root.querySelectorAll('.ql-code-block-container');
    expect(blocks).toHaveLength(2);
    expect(blocks[0]!.querySelectorAll('span')).toHaveLength(0);
    expect(Array.from(blocks[0]!.querySelectorAll('.ql-code-block'), (line) => line.textContent)).toEqual(['def f():', '    return "<b>"']);
    expect(blocks[0]!.querySelector('select')).toHaveValue('python');
    expect(blocks[1]!.querySelector('select')).toHaveValue('');
    const figures = root.querySelectorAll('figure');
    expect(figures).toHaveLength(2);
    expect(figures[0]!.querySelector('img')).toHaveAttribute('alt', 'A "quoted" map');
    expect(figures[0]!.querySelector('figcaption')).toHaveTextContent('Rivers & roads');
    expect(figures[0]!.querySelector('button')).toHaveAccessibleName('Edit alt text and caption');
    expect(figures[1]!.querySelector('img')).toHaveAttribute('src', '/storage/b.webp');
    expect(figures[1]!.querySelector('button')).toHaveAccessibleName('Add alt text and caption (this image has no alt text)');
    expect(root.querySelectorAll('hr')).toHaveLength(1);
  });

  it('writes back what the server keeps: code as text in its language, figures, the divider', () => {
    const root = start(STORED);
    root.querySelectorAll<HTMLButtonElement>('figure button')[1]!.click();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.value).toEqual({ src: '/storage/b.webp', alt: '', caption: '' });
    requests[0]!.apply({ alt: '  An old\nphoto ', caption: 'From <1990>' });
    expect(changes.at(-1)).toBe(
      '<h1>Title</h1><pre data-language="python">\ndef f():\n    return "&lt;b&gt;"\n</pre>' +
        '<figure><img src="/storage/a.webp" alt="A &quot;quoted&quot; map"><figcaption>Rivers &amp; roads</figcaption></figure><hr>' +
        '<p>Old </p><figure><img src="/storage/b.webp" alt="An old photo"><figcaption>From &lt;1990&gt;</figcaption></figure><p> image</p>' +
        '<pre>\nx = 1\n</pre>',
    );
  });

  it('reads a language written by alias as its id, and keeps one the list does not name', () => {
    const root = start('<pre data-language="ts">let a;</pre><p>x</p><pre data-language="haskell">main</pre>');
    const [first, second] = Array.from(root.querySelectorAll('select'));
    expect(first).toHaveValue('typescript');
    expect(second).toHaveValue('haskell');
    expect(second!.selectedOptions[0]).toHaveTextContent('haskell');
    first!.value = 'javascript';
    first!.dispatchEvent(new Event('change'));
    expect(changes.at(-1)).toBe('<pre data-language="javascript">\nlet a;\n</pre><p>x</p><pre data-language="haskell">\nmain\n</pre>');
  });

  it('stores the language chosen in a block’s select: a language, plain text, or none (guessed)', () => {
    const root = start(STORED);
    const select = root.querySelectorAll('select')[1] as HTMLSelectElement;
    select.value = 'javascript';
    select.dispatchEvent(new Event('change'));
    expect(changes.at(-1)).toContain('<pre data-language="javascript">\nx = 1\n</pre>');
    select.value = 'plain';
    select.dispatchEvent(new Event('change'));
    expect(changes.at(-1)).toContain('<pre data-language="plain">\nx = 1\n</pre>');
    select.value = '';
    select.dispatchEvent(new Event('change'));
    expect(changes.at(-1)).toContain('<pre>\nx = 1\n</pre>');
  });

  it('opens the first image without alt text when asked (the alt text warning), and says when there is none', () => {
    const root = start(STORED);
    expect(editor.editFirstImageWithoutAlt()).toBe(true);
    expect(requests.map((request) => request.value.src)).toEqual(['/storage/b.webp']);
    expect(root.querySelectorAll('figure')[1]!.scrollIntoView).toHaveBeenCalled();
    requests[0]!.apply({ alt: 'Old', caption: '' });
    expect(editor.editFirstImageWithoutAlt()).toBe(false);
    expect(requests).toHaveLength(1);
  });

  it('reads a figure whose image is not allowed (javascript:, another scheme) as nothing', () => {
    const root = start('<figure><img src="javascript:alert(1)" alt="x"><figcaption>gone</figcaption></figure><p><img src="ftp://x/y.png">text</p>');
    expect(root.querySelectorAll('figure, img')).toHaveLength(0);
    expect(root.textContent).toBe('text');
  });
});
