/**
 * Quill 2 (theme snow) with exactly the formats of SPEC §5. This module, quill and its CSS are only
 * reached through a dynamic import() from RichTextEditor, so they form their own chunk that readers
 * never download.
 */
import Quill, { type Range } from 'quill';
import 'quill/dist/quill.snow.css';
import './editor.css';
import { COLOR_VALUE, styleToDataColor } from '../../../lib/inline-colours';
import { EDITOR_FORMATS, EDITOR_IMAGE_TYPES, EDITOR_TOOLBAR, normalizeEditorHtml } from '../formats';

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

export interface EditorOptions {
  initialHtml: string;
  placeholder: string;
  ariaLabelledBy: string;
  onChange: (html: string) => void;
  /** Uploads one image and answers its URL (the caller shows progress and errors). */
  uploadImage: (file: File) => Promise<string>;
  onUploadError: (error: unknown) => void;
}

export interface EditorHandle {
  focus: () => void;
  destroy: () => void;
}

async function dataUrlToFile(src: string): Promise<File> {
  const blob = await (await fetch(src)).blob();
  const extension = blob.type.split('/')[1]?.replace(/[^a-z0-9]/gi, '') || 'png';
  return new File([blob], `pasted.${extension}`, { type: blob.type });
}

export function createEditor(host: HTMLElement, options: EditorOptions): EditorHandle {
  const container = document.createElement('div');
  host.append(container);

  /** Uploads the files one after another and inserts each at the place it was meant for. */
  const insertUploaded = async (index: number, files: File[]) => {
    let at = index;
    for (const file of files) {
      try {
        const url = await options.uploadImage(file);
        quill.insertEmbed(at, 'image', url, Quill.sources.USER);
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
        bindings: { tab: false, indent: false, outdent: false },
      },
    },
  });

  acceptColoursWithoutStyle(quill);
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
  const replaceDataImages = () => {
    for (const img of quill.root.querySelectorAll<HTMLImageElement>('img[src^="data:"]')) {
      if (pending.has(img)) continue;
      pending.add(img);
      void (async () => {
        try {
          const url = await options.uploadImage(await dataUrlToFile(img.src));
          const blot = Quill.find(img);
          if (!blot || blot instanceof Quill || !img.isConnected) return;
          const index = quill.getIndex(blot);
          quill.deleteText(index, 1, Quill.sources.USER);
          quill.insertEmbed(index, 'image', url, Quill.sources.USER);
        } catch (error) {
          const blot = Quill.find(img);
          if (blot && !(blot instanceof Quill) && img.isConnected) quill.deleteText(quill.getIndex(blot), 1, Quill.sources.USER);
          options.onUploadError(error);
        }
      })();
    }
  };

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
  };
}
