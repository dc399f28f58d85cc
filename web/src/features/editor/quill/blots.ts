/**
 * The editor's own blots (issue 13): an image as a figure with alt text and a caption, the divider, and
 * a code block that knows its language. Each writes exactly the markup the server's allowlist keeps
 * (server/src/post-html/sanitize.ts) and reads it back, so a post goes edit → save → edit unchanged.
 */
import Quill from 'quill';
import { BlockEmbed } from 'quill/blots/block';
import CodeBlock, { CodeBlockContainer } from 'quill/formats/code';
import { codeLanguageId, escapeHtml, escapeText } from '@inkwell/contract';
import { figureValueOf, isAllowedImageSrc, type FigureValue } from './figure-value';

/** Asked of the editor (create-editor.ts) when a figure's image or its button is activated. */
export const FIGURE_EDIT_EVENT = 'inkwell-figure-edit';

/**
 * An image with its alt text and optional caption: `<figure><img alt><figcaption>` in the post. In the
 * editor it is not editable in place: a click (or the button, for keyboards) opens the image details.
 */
export class FigureBlot extends BlockEmbed {
  static override blotName = 'figure';
  static override tagName = 'FIGURE';

  static override create(value: FigureValue): HTMLElement {
    const node = super.create(value) as HTMLElement;
    node.setAttribute('contenteditable', 'false');
    const img = document.createElement('img');
    img.setAttribute('src', isAllowedImageSrc(value.src) ? value.src : '');
    img.setAttribute('alt', value.alt);
    node.append(img);
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'ql-figure-edit';
    if (value.alt) {
      button.textContent = 'Alt text';
      button.setAttribute('aria-label', 'Edit alt text and caption');
    } else {
      button.textContent = 'Add alt text';
      button.dataset.missing = '';
      button.setAttribute('aria-label', 'Add alt text and caption (this image has no alt text)');
    }
    node.append(button);
    if (value.caption) {
      const caption = document.createElement('figcaption');
      caption.textContent = value.caption;
      node.append(caption);
    }
    const ask = (event: Event) => {
      event.preventDefault();
      node.dispatchEvent(new CustomEvent(FIGURE_EDIT_EVENT, { bubbles: true }));
    };
    img.addEventListener('click', ask);
    button.addEventListener('click', ask);
    // Keys on the button are the button's: Quill's keyboard (listening on the editor) never sees them.
    button.addEventListener('keydown', (event) => event.stopPropagation());
    return node;
  }

  static override value(node: HTMLElement): FigureValue {
    return figureValueOf(node) ?? { src: '', alt: '', caption: '' };
  }

  /** What getSemanticHTML() writes; an image still uploading (a data: URL) is left out. */
  html(): string {
    const { src, alt, caption } = FigureBlot.value(this.domNode);
    if (!src || src.startsWith('data:')) return '';
    const altAttribute = alt ? ` alt="${escapeHtml(alt)}"` : '';
    const figcaption = caption ? `<figcaption>${escapeText(caption)}</figcaption>` : '';
    return `<figure><img src="${escapeHtml(src)}"${altAttribute}>${figcaption}</figure>`;
  }
}

/** A horizontal rule: `---` and Enter. */
export class DividerBlot extends BlockEmbed {
  static override blotName = 'divider';
  static override tagName = 'HR';
}

/** A code block line with its language (`data-language`): an id of contract's CODE_LANGUAGES, 'plain', or none (guessed). */
export class LanguageCodeBlock extends CodeBlock {
  /** Registered with its own container below (CodeBlock's would register Quill's plain one). */
  static override register(): void {}

  static override create(value: unknown): HTMLElement {
    const node = super.create(value) as HTMLElement;
    if (typeof value === 'string') node.setAttribute('data-language', value);
    return node;
  }

  /** A known language by its id (a post sent with `ts` reads as `typescript`); another name as written. */
  static override formats(node: HTMLElement): string | true {
    const written = node.getAttribute('data-language');
    return written ? (codeLanguageId(written) ?? written) : true;
  }

  override format(name: string, value: unknown): void {
    if (name === LanguageCodeBlock.blotName && value) {
      if (typeof value === 'string') this.domNode.setAttribute('data-language', value);
      else this.domNode.removeAttribute('data-language');
    } else {
      super.format(name, value);
    }
  }
}

/**
 * Shows a block's language in its select (code-language.ts); a language the list does not name (a
 * post sent through the API) gets an option of its own, as written.
 */
export function showLanguage(select: HTMLSelectElement, language: string): void {
  if (!Array.from(select.options).some((option) => option.value === language)) select.append(new Option(language, language));
  select.value = language;
}

/** The block of code lines: `<pre data-language>` in the post, a language select in the editor. */
export class LanguageCodeContainer extends CodeBlockContainer {
  /** The language of the block (its first line's). */
  language(): string | null {
    const first = this.children.head;
    const value = first ? LanguageCodeBlock.formats(first.domNode as HTMLElement) : true;
    return typeof value === 'string' ? value : null;
  }

  override attach(): void {
    super.attach();
    // Tells the editor a block arrived, so it gets its language select (create-editor.ts).
    (this.scroll as unknown as { emitMount: (blot: unknown) => void }).emitMount(this);
  }

  /* eslint-disable @typescript-eslint/no-explicit-any -- parchment's own signatures */
  override optimize(context: { [key: string]: any }): void;
  override optimize(mutations: MutationRecord[], context: { [key: string]: any }): void;
  override optimize(...args: unknown[]): void {
    /* eslint-enable @typescript-eslint/no-explicit-any */
    (super.optimize as (...parameters: unknown[]) => void).apply(this, args);
    const select = this.uiNode as HTMLSelectElement | null;
    const language = this.language() ?? '';
    if (select && this.parent && select.value !== language) showLanguage(select, language);
  }

  override html(index: number, length: number): string {
    const language = this.language();
    return `<pre${language ? ` data-language="${escapeHtml(language)}"` : ''}>\n${escapeText(this.code(index, length))}\n</pre>`;
  }
}

LanguageCodeContainer.allowedChildren = [LanguageCodeBlock];
LanguageCodeBlock.requiredContainer = LanguageCodeContainer;

let registered = false;

/** Puts these blots in Quill's registry (once), in place of the plain code block. */
export function registerBlots(): void {
  if (registered) return;
  registered = true;
  Quill.register(
    {
      'formats/figure': FigureBlot,
      'formats/divider': DividerBlot,
      'formats/code-block': LanguageCodeBlock,
      'formats/code-block-container': LanguageCodeContainer,
    },
    true,
  );
}
