import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { AltTextWarning, type AltTextAction } from '../components/AltTextWarning';
import { imagesWithoutAlt } from '../image-alt';
import type { EditorHandle } from '../quill/create-editor';

interface Pending {
  count: number;
  action: AltTextAction;
  resolve: (go: boolean) => void;
}

/**
 * The alt text check before a story goes out: `confirm(action)` answers true at once when every image
 * has alt text; otherwise the warning (returned as `dialog`) asks, and it answers true for
 * "Publish anyway", false for "Add alt text" (which opens the first image's details) or a cancel.
 */
export function useAltTextCheck(html: string, editorRef: RefObject<EditorHandle | null>) {
  const [pending, setPending] = useState<Pending | null>(null);
  const latest = useRef(html);
  useEffect(() => {
    latest.current = html;
  }, [html]);

  const confirm = useCallback(
    (action: AltTextAction) =>
      new Promise<boolean>((resolve) => {
        const count = imagesWithoutAlt(latest.current);
        if (count === 0) resolve(true);
        else setPending({ count, action, resolve });
      }),
    [],
  );

  const answer = (go: boolean) => {
    pending?.resolve(go);
    setPending(null);
  };

  const dialog = pending && (
    <AltTextWarning
      count={pending.count}
      action={pending.action}
      onContinue={() => answer(true)}
      onCancel={() => answer(false)}
      onAddAlt={() => {
        answer(false);
        editorRef.current?.editFirstImageWithoutAlt();
      }}
    />
  );
  return { confirm, dialog };
}
