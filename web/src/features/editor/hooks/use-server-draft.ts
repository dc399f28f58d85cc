import { useCallback, useEffect, useRef, useState } from 'react';
import type { Draft } from '@inkwell/contract';
import { isApiError } from '../../../lib/api-client';
import { type SaveDraftBody, useSaveDraft } from '../api/save-draft';
import type { DraftFields } from './use-post-draft';

/** Typing stops for this long before the draft is saved to the server. */
export const AUTOSAVE_MS = 3000;

/** What the form holds that a draft keeps: the fields, and the cover (a stored path, or a picked file not stored yet). */
export interface DraftContent {
  fields: DraftFields;
  coverPath: string | null;
  coverFile: File | null;
}

export type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: string } | { kind: 'error'; message: string };

/** The form's fields as a server draft holds them. */
export function fieldsOfDraft(draft: Draft): DraftFields {
  return {
    title: draft.title,
    sub_title: draft.sub_title,
    category_id: draft.category_id === null ? '' : String(draft.category_id),
    description: draft.description,
  };
}

/** A picked file not stored yet counts as a change until its upload gives a path. */
function signatureOf({ fields, coverPath, coverFile }: DraftContent): string {
  const cover = coverPath ?? (coverFile ? `file:${coverFile.name}:${coverFile.size}:${coverFile.lastModified}` : null);
  return JSON.stringify([fields.title, fields.sub_title, fields.category_id, fields.description, cover]);
}

function isEmpty({ fields, coverPath, coverFile }: DraftContent): boolean {
  const text = fields.title + fields.sub_title + fields.category_id + fields.description.replace(/<[^>]*>/g, '');
  return text.trim() === '' && !/<img\b/i.test(fields.description) && !coverPath && !coverFile;
}

function bodyOf(fields: DraftFields, image: string | null): Omit<SaveDraftBody, 'id'> {
  return {
    title: fields.title,
    sub_title: fields.sub_title,
    category_id: fields.category_id ? Number(fields.category_id) : null,
    description: fields.description,
    image,
  };
}

export function saveErrorText(error: unknown): string {
  if (isApiError(error) && error.status === 0) return 'Not saved: you seem to be offline. Your text is kept on this device.';
  if (isApiError(error) && error.message) return `Not saved: ${error.message}`;
  return 'Not saved: something went wrong. Your text is kept on this device.';
}

interface SaveOptions {
  /** The call may outlive the page. */
  keepalive?: boolean;
  /** Saved as the page is hidden or left. */
  leaving?: boolean;
}

interface ServerDraftOptions {
  /** The draft the form was opened with (null: a new post). */
  initial: Draft | null;
  /** What the form holds now. */
  content: DraftContent;
  /** Off when editing a published post: nothing is saved. */
  enabled: boolean;
  /** Stores a picked cover (upload-image) and answers its path; the path as it is when nothing was picked. */
  resolveCover: (content: DraftContent) => Promise<string | null>;
  /** After each save; `mounted` false when the screen was left while it ran. */
  onSaved: (draft: Draft, saved: DraftFields, created: boolean, mounted: boolean) => void;
  /** A save failed (422 field errors are the form's to show). */
  onError: (error: unknown) => void;
}

/**
 * Keeps the form saved as a server draft: AUTOSAVE_MS after the last change when the form holds
 * anything, when the page is hidden or left, and on demand (`saveNow`: Save draft, before
 * publishing or scheduling). Saves run one after another, so the first one creates the draft and
 * every later one replaces it; a save with nothing new is skipped.
 */
export function useServerDraft({ initial, content, enabled, resolveCover, onSaved, onError }: ServerDraftOptions) {
  const save = useSaveDraft();
  const [draft, setDraftState] = useState<Draft | null>(initial);
  const [state, setState] = useState<SaveState>(initial ? { kind: 'saved', at: initial.updated_at } : { kind: 'idle' });
  const draftRef = useRef(initial);
  const savedSignature = useRef(
    signatureOf(
      initial
        ? { fields: fieldsOfDraft(initial), coverPath: initial.image, coverFile: null }
        : { fields: { title: '', sub_title: '', category_id: '', description: '' }, coverPath: null, coverFile: null },
    ),
  );
  const latest = useRef({ content, resolveCover, onSaved, onError, enabled });
  useEffect(() => {
    latest.current = { content, resolveCover, onSaved, onError, enabled };
  });
  const mounted = useRef(true);
  const stopped = useRef(false);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const setDraft = useCallback((next: Draft) => {
    draftRef.current = next;
    setDraftState(next);
  }, []);

  const run = useCallback(
    async ({ keepalive = false, leaving = false }: SaveOptions): Promise<Draft | null> => {
      const { content: snapshot, enabled: on } = latest.current;
      if (!on || stopped.current) return draftRef.current;
      if (signatureOf(snapshot) === savedSignature.current) return draftRef.current;
      const id = draftRef.current?.id;
      if (id === undefined && isEmpty(snapshot)) return null;
      if (mounted.current) setState({ kind: 'saving' });
      try {
        // Leaving: no upload is started that the page may not live to finish (a picked cover waits for the next save).
        const image = leaving ? snapshot.coverPath : await latest.current.resolveCover(snapshot);
        const saved = await save({ ...(id === undefined ? {} : { id }), ...bodyOf(snapshot.fields, image) }, { keepalive });
        // What the server holds: a cover picked but not stored (a save while leaving) still counts as a change.
        savedSignature.current = signatureOf({ ...snapshot, coverPath: image, coverFile: null });
        draftRef.current = saved;
        if (mounted.current) {
          setDraftState(saved);
          setState({ kind: 'saved', at: saved.updated_at });
        }
        latest.current.onSaved(saved, snapshot.fields, id === undefined, mounted.current);
        return saved;
      } catch (error) {
        if (mounted.current) {
          setState({ kind: 'error', message: saveErrorText(error) });
          latest.current.onError(error);
        }
        throw error;
      }
    },
    [save],
  );

  /** Saves what the form holds (after any save already running); answers the draft, or null when there is nothing to save. */
  const saveNow = useCallback(
    (options: SaveOptions = {}): Promise<Draft | null> => {
      const next = queue.current.then(
        () => run(options),
        () => run(options),
      );
      queue.current = next.catch(() => undefined);
      return next;
    },
    [run],
  );

  const signature = signatureOf(content);
  useEffect(() => {
    if (!enabled || signature === savedSignature.current) return;
    const timer = setTimeout(() => void saveNow().catch(() => undefined), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [enabled, signature, saveNow]);

  useEffect(() => {
    mounted.current = true;
    // Hidden (another tab, the phone's home screen) or closed: save now, in a call that outlives the page.
    const onHide = () => {
      if (document.visibilityState === 'hidden') void saveNow({ keepalive: true, leaving: true }).catch(() => undefined);
    };
    const onPageHide = () => void saveNow({ keepalive: true, leaving: true }).catch(() => undefined);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      mounted.current = false;
      // Left for another screen of the app: what was typed in the last seconds is saved too.
      void saveNow({ leaving: true }).catch(() => undefined);
    };
  }, [saveNow]);

  /** No more saves (the draft was published: it is a post now). */
  const stop = useCallback(() => {
    stopped.current = true;
  }, []);

  /** Saves again after a stop (sending the post failed). */
  const resume = useCallback(() => {
    stopped.current = false;
  }, []);

  /** Waits for the saves already asked for. */
  const settled = useCallback(() => queue.current.then(() => draftRef.current), []);

  const dirty = enabled && signature !== savedSignature.current;
  return { draft, setDraft, state, dirty, saveNow, settled, stop, resume };
}
