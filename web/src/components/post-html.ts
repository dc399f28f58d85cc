/**
 * Where post HTML is cleaned before PostBody puts it in the page, synchronously. In the browser the
 * sanitiser is DOMPurify with the editor's allowlist (sanitize-post-html.ts), a chunk of its own
 * loaded with import() on first need: the first load of a post page does without it (PostBody keeps
 * the body the server rendered and cleaned). On the server it is the server's allowlist, set by
 * setServerSanitizer (entry-server.tsx) before any render, so server rendering stays synchronous.
 * Either way Quill's colours leave as `data-color` (lib/inline-colours.ts): in the browser before
 * DOMPurify parses the HTML (a parsed style attribute is a CSP report), on the server after its
 * allowlist kept them as styles.
 */
import { styleToDataColor } from '../lib/inline-colours';

type Sanitize = (html: string) => string;

let serverSanitizer: Sanitize | null = null;
let purify: Sanitize | null = null;
let loading: Promise<void> | undefined;
/** Counts forgetSanitizer calls: a load begun before one does not land after it. */
let generation = 0;

/** The server's own allowlist (server/src/post-html/sanitize.ts) cleans post HTML while rendering. */
export function setServerSanitizer(sanitize: Sanitize): void {
  serverSanitizer = sanitize;
}

/** Whether this is the server's render (its sanitiser is set): it renders the body cleaned, never kept. */
export function renderingOnServer(): boolean {
  return serverSanitizer !== null;
}

/** Whether cleanNow can clean (the sanitiser is loaded, or set by the server). */
export function sanitizerLoaded(): boolean {
  return serverSanitizer !== null || purify !== null;
}

/** The post HTML cleaned, or null while the sanitiser is not loaded yet (see loadSanitizer). */
export function cleanNow(html: string): string | null {
  if (serverSanitizer) return styleToDataColor(serverSanitizer(html));
  return purify ? purify(styleToDataColor(html)) : null;
}

/** Loads the browser's sanitiser once (at once when it is there). A failed load is tried again by the next caller. */
export function loadSanitizer(): Promise<void> {
  if (sanitizerLoaded()) return Promise.resolve();
  const started = generation;
  loading ??= import('./sanitize-post-html').then(
    (module) => {
      if (started === generation) purify = module.purifyPostHtml;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Back to a page's start: nothing loaded, nothing set (tests). */
export function forgetSanitizer(): void {
  serverSanitizer = null;
  purify = null;
  loading = undefined;
  generation += 1;
}
