/**
 * Quill 2 (theme snow) with exactly the formats of SPEC §5, images as figures with alt text and a
 * caption, the divider, code blocks with a language and Markdown shortcuts (issue 13). This module,
 * quill and its CSS are only reached through a dynamic import() from RichTextEditor, so they form their
 * own chunk that readers never download.
 */
import Quill, { type Range } from 'quill';
import 'quill/dist/quill.snow.css';
import './editor.css';
import { COLOR_VALUE, styleToDataColor } from '../../../lib/inline-colours';
import { EDITOR_FORMATS, EDITOR_IMAGE_TYPES, EDITOR_TOOLBAR, normalizeEditorHtml } from '../formats';
import { FIGURE_EDIT_EVENT, FigureBlot, registerBlots } from './blots';
import { attachLanguageSelects } from './code-language';
import { type FigureValue, figureValueOf, oneLine } from './figure-value';
import { markdownBindings } from './markdown';

const Delta = Quill.import('delta');

/**
 * HTML reaches Quill's parser (a post loaded for editing, a paste) with its colours as data-color, so
 * the CSP never sees an inline style (lib/inline-colours.ts); this matcher turns them back into the
 * colour format.
 */
function acceptColoursWithoutStyle(quill: Quill): void {
  const clipboard = quill.clipboard;
  const convert = clipboard.convert.bind(clipboard);
  clipboard.convert = ({ html, text }, formats) => convert({ html: html === undefined ? undefined : styleToDataColor(html), text }, formats);
  clipboard.addMatcher(Node.ELEMENT_NODE, (node, delta) => {
    const color = (node as HTMLElement).dataset?.color?.trim();
    if (!color || !COLOR_VALUE.test(color)) return delta;
    return delta.compose(new Delta().retain(delta.length(), { color }));
  });
}

/**
 * Images outside a figure (posts written before figures, pasted HTML) become figures, their alt text
 * kept; an image inside one is read with its figure (FigureBlot).
 */
function acceptImagesAsFigures(quill: Quill): void {
  quill.clipboard.addMatcher('img', (node, delta) => {
    if ((node as Element).closest('figure')) return delta;
    const value = figureValueOf(node as Element);
    return value ? new Delta().insert({ figure: value }) : new Delta();
  });
  // A figure whose image cannot be shown goes with its caption.
  quill.clipboard.addMatcher('figure', (node, delta) => (figureValueOf(node as Element) ? delta : new Delta()));
}

/** What the editor asks for when a figure's details are to be edited (RichTextEditor shows the dialog). */
export interface ImageDetailsRequest {
  value: FigureValue;
  /** Saves the new alt text and caption into the figure (one undo step). */
  apply: (details: { alt: string; caption: string }) => void;
}

export interface EditorOptions {
  initialHtml: string;
  placeholder: string;
  ariaLabelledBy: string;
  onChange: (html: string) => void;
  /** Uploads one image and answers its URL (the caller shows progress and errors). */
  uploadImage: (file: File) => Promise<string>;
  onUploadError: (error: unknown) => void;
  onEditImage: (request: ImageDetailsRequest) => void;
}

export interface EditorHandle {
  focus: () => void;
  destroy: () => void;
  /** Opens the details of the first image without alt text (scrolled into view); false when there is none. */
  editFirstImageWithoutAlt: () => boolean;
}

async function dataUrlToFile(src: string): Promise<File> {
  const blob = await (await fetch(src)).blob();
  const extension = blob.type.split('/')[1]?.replace(/[^a-z0-9]/gi, '') || 'png';
  return new File([blob], `pasted.${extension}`, { type: blob.type });
}

export function createEditor(host: HTMLElement, options: EditorOptions): EditorHandle {
  const container = document.createElement('div');
  host.append(container);

  /**
   * Uploads the files one after another and inserts each at the place it was meant for: a figure is a
   * block, so a line the caret is inside of is split there first, and the caret goes under the figure.
   */
  const insertUploaded = async (index: number, files: File[]) => {
    let at = index;
    for (const file of files) {
      try {
        const url = await options.uploadImage(file);
        if (quill.getLine(at)[1] > 0) {
          quill.insertText(at, '\n', Quill.sources.USER);
          at += 1;
        }
        quill.insertEmbed(at, 'figure', { src: url, alt: '', caption: '' }, Quill.sources.USER);
        at += 1;
        quill.setSelection(at, Quill.sources.SILENT);
      } catch (error) {
        options.onUploadError(error);
      }
    }
  };

  const pickImage = () => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = 'image/*';
    input.addEventListener('change', () => {
      const files = Array.from(input.files ?? []).filter((file) => file.type.startsWith('image/'));
      const range = quill.getSelection(true);
      if (files.length > 0) void insertUploaded(range.index + range.length, files);
    });
    input.click();
  };

  registerBlots();
  const quill = new Quill(container, {
    theme: 'snow',
    placeholder: options.placeholder,
    formats: [...EDITOR_FORMATS],
    modules: {
      toolbar: { container: EDITOR_TOOLBAR, handlers: { image: pickImage } },
      // Dropped and pasted image files: uploaded, never read into base64.
      uploader: {
        mimetypes: EDITOR_IMAGE_TYPES,
        handler: (range: Range, files: File[]) => {
          if (range.length > 0) quill.deleteText(range.index, range.length, Quill.sources.USER);
          void insertUploaded(range.index, files);
        },
      },
      keyboard: {
        // Tab leaves the editor (keyboard users must be able to); inside a code block it still indents.
        bindings: { tab: false, indent: false, outdent: false, ...markdownBindings() },
      },
    },
  });

  acceptColoursWithoutStyle(quill);
  acceptImagesAsFigures(quill);
  attachLanguageSelects(quill);
  if (options.initialHtml) {
    quill.setContents(quill.clipboard.convert({ html: options.initialHtml }), Quill.sources.SILENT);
    quill.history.clear();
  }

  quill.root.setAttribute('role', 'textbox');
  quill.root.setAttribute('aria-multiline', 'true');
  quill.root.setAttribute('aria-labelledby', options.ariaLabelledBy);
  const toolbar = host.querySelector('.ql-toolbar');
  toolbar?.setAttribute('role', 'toolbar');
  toolbar?.setAttribute('aria-label', 'Formatting');
  for (const button of host.querySelectorAll<HTMLElement>('.ql-toolbar button, .ql-toolbar .ql-picker-label')) {
    if (button.getAttribute('aria-label')) continue;
    const format = [...button.classList].find((c) => c.startsWith('ql-') && c !== 'ql-picker-label')?.slice(3);
    const value = button.getAttribute('value');
    const name = button.classList.contains('ql-picker-label') ? 'Text colour' : `${format ?? ''}${value ? ` ${value}` : ''}`;
    button.setAttribute('aria-label', name.replace(/-/g, ' '));
    button.setAttribute('title', name.replace(/-/g, ' '));
  }

  // Images that arrive as data: URLs (pasted HTML, another editor's content): upload them and
  // replace each with its URL, so the body never carries base64.
  const pending = new WeakSet<HTMLImageElement>();
  const figureOf = (node: Element) => {
    const blot = Quill.find(node.closest('figure') ?? node);
    return blot instanceof FigureBlot && node.isConnected ? blot : null;
  };
  const replaceDataImages = () => {
    for (const img of quill.root.querySelectorAll<HTMLImageElement>('figure img[src^="data:"]')) {
      if (pending.has(img)) continue;
      pending.add(img);
      void (async () => {
        try {
          const url = await options.uploadImage(await dataUrlToFile(img.src));
          const blot = figureOf(img);
          if (!blot) return;
          const index = quill.getIndex(blot);
          const value = FigureBlot.value(blot.domNode);
          quill.updateContents(
            new Delta()
              .retain(index)
              .delete(1)
              .insert({ figure: { ...value, src: url } }),
            Quill.sources.USER,
          );
        } catch (error) {
          const blot = figureOf(img);
          if (blot) quill.deleteText(quill.getIndex(blot), 1, Quill.sources.USER);
          options.onUploadError(error);
        }
      })();
    }
  };

  /** The image details of a figure, asked for by a click on it or its button (blots.ts). */
  const editFigure = (node: Element) => {
    const blot = figureOf(node);
    if (!blot) return;
    options.onEditImage({
      value: FigureBlot.value(blot.domNode),
      apply: ({ alt, caption }) => {
        const current = figureOf(node);
        if (!current) return;
        const index = quill.getIndex(current);
        const next = { ...FigureBlot.value(current.domNode), alt: oneLine(alt), caption: oneLine(caption) };
        quill.updateContents(new Delta().retain(index).delete(1).insert({ figure: next }), Quill.sources.USER);
        quill.setSelection(index + 1, 0, Quill.sources.USER);
      },
    });
  };
  quill.root.addEventListener(FIGURE_EDIT_EVENT, (event) => editFigure(event.target as Element));

  const emit = () => options.onChange(normalizeEditorHtml(quill.getSemanticHTML()));
  quill.on(Quill.events.TEXT_CHANGE, () => {
    replaceDataImages();
    emit();
  });
  replaceDataImages();

  return {
    focus: () => quill.focus(),
    destroy: () => {
      quill.off(Quill.events.TEXT_CHANGE);
      host.replaceChildren();
    },
    editFirstImageWithoutAlt: () => {
      const figure = Array.from(quill.root.querySelectorAll('figure')).find((node) => !figureValueOf(node)?.alt);
      if (!figure) return false;
      figure.scrollIntoView({ block: 'center' });
      editFigure(figure);
      return true;
    },
  };
}
