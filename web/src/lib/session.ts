/**
 * The session lives in the spec's cookies `token` and `id` (SPEC §3), both set by the server at sign-in.
 * `token` is HttpOnly: no script here (or injected into the page) can read it; the browser sends it with
 * every same-origin call. `id` is readable and tells the app that a session exists and whose it is.
 * Components subscribe through useSession(), so clearing it (logout, a 401) re-renders guards.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';

export interface Session {
  id: string;
}

const MAX_AGE_S = 30 * 24 * 60 * 60;
const listeners = new Set<() => void>();

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null; // rendering on the server
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      const value = decodeURIComponent(rest.join('='));
      return value === '' ? null : value;
    }
  }
  return null;
}

function writeCookie(name: string, value: string, maxAge: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAge}; SameSite=Lax${secure}`;
}

function notify(): void {
  readThisTask = null;
  for (const listener of listeners) listener();
}

/**
 * The id cookie as read in this task. Every component that shows the session asks for it on each
 * render (a page hydrates dozens), and reading and splitting document.cookie each time cost a phone
 * ~20 ms (CPU × 4) of a hydration; between tasks another tab or a server answer may change it.
 */
let readThisTask: { id: string | null } | null = null;

function sessionId(): string | null {
  if (!readThisTask) {
    readThisTask = { id: readCookie('id') };
    setTimeout(() => (readThisTask = null), 0);
  }
  return readThisTask.id;
}

export function getSession(): Session | null {
  const id = sessionId();
  return id ? { id } : null;
}

/** After sign-in: the server has set both cookies; `id` is written again so every tab sees it at once. */
export function setSession(id: string | number): void {
  writeCookie('id', String(id), MAX_AGE_S);
  notify();
}

/** Forgets the session here (the server drops the HttpOnly token cookie on logout and on a dead session). */
export function clearSession(): void {
  writeCookie('id', '', 0);
  // A readable token cookie written by earlier versions of the app goes too.
  writeCookie('token', '', 0);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A stable snapshot: the raw id, so React compares strings rather than fresh objects. */
function snapshot(): string {
  return getSession()?.id ?? '';
}

/**
 * The session the server rendered the page for ('' for a visitor). The server provides it while it
 * renders, and the browser provides the same value while it hydrates that HTML, so both first
 * renders agree; afterwards the cookie is read as usual.
 */
export const RenderedSessionContext = createContext('');

export function useSession(): Session | null {
  const rendered = useContext(RenderedSessionContext);
  const id = useSyncExternalStore(subscribe, snapshot, () => rendered);
  return id ? { id } : null;
}
