import { useEffect, useRef, useState, type RefObject } from 'react';
import type { EditorHandle, ImageDetailsRequest } from '../quill/create-editor';
import { ImageDetailsDialog } from './ImageDetailsDialog';

export interface RichTextEditorProps {
  /** Read once, when the editor starts; remount (key) to load other content. */
  initialHtml: string;
  /** The id of the visible label. */
  labelledBy: string;
  onChange: (html: string) => void;
  uploadImage: (file: File) => Promise<string>;
  onUploadError: (error: unknown) => void;
  /** Set to the running editor (null until Quill has loaded), for the form to reach into it. */
  editorRef?: RefObject<EditorHandle | null>;
}

/**
 * The body editor. Quill and its CSS are loaded here with a dynamic import(), so they live in their
 * own chunk that only the writing screens fetch; until it arrives a calm placeholder holds the space.
 */
export function RichTextEditor({ initialHtml, labelledBy, onChange, uploadImage, onUploadError, editorRef }: RichTextEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [imageDetails, setImageDetails] = useState<ImageDetailsRequest | null>(null);
  const handleRef = useRef(editorRef);
  const callbacks = useRef({ onChange, uploadImage, onUploadError });
  useEffect(() => {
    callbacks.current = { onChange, uploadImage, onUploadError };
  });
  const initial = useRef(initialHtml);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    let editor: EditorHandle | null = null;
    const target = handleRef.current;
    import('../quill/create-editor')
      .then(({ createEditor }) => {
        if (cancelled) return;
        editor = createEditor(host, {
          initialHtml: initial.current,
          placeholder: 'Tell your story…',
          ariaLabelledBy: labelledBy,
          onChange: (html) => callbacks.current.onChange(html),
          uploadImage: (file) => callbacks.current.uploadImage(file),
          onUploadError: (error) => callbacks.current.onUploadError(error),
          onEditImage: setImageDetails,
        });
        if (target) target.current = editor;
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      if (target && target.current === editor) target.current = null;
      editor?.destroy();
    };
  }, [labelledBy]);

  return (
    <div className="inkwell-editor rounded-lg border border-zinc-300 bg-white shadow-xs focus-within:border-indigo-600 focus-within:outline-2 focus-within:outline-indigo-600/30 dark:border-zinc-700 dark:bg-zinc-900 dark:focus-within:border-indigo-400">
      {state === 'loading' && (
        <div aria-hidden="true" className="animate-pulse p-4">
          <div className="h-6 w-2/3 rounded bg-zinc-100 dark:bg-zinc-800" />
          <div className="mt-6 h-48 rounded bg-zinc-50 dark:bg-zinc-800/60" />
        </div>
      )}
      {state === 'failed' && (
        <p role="alert" className="p-4 text-sm text-red-700 dark:text-red-400">
          The editor could not be loaded. Check your connection and reload the page; your draft is kept.
        </p>
      )}
      <div ref={hostRef} data-testid="rich-text-editor" />
      {imageDetails && <ImageDetailsDialog key={imageDetails.value.src} request={imageDetails} onClose={() => setImageDetails(null)} />}
    </div>
  );
}
