/**
 * The session lives in two JS-readable cookies, `token` and `id` (SPEC §3). Both must be present.
 * Components subscribe through useSession(), so clearing the cookies (logout, a 401) re-renders guards.
 */
import { useSyncExternalStore } from 'react';

export interface Session {
  token: string;
  id: string;
}

const MAX_AGE_S = 30 * 24 * 60 * 60;
const listeners = new Set<() => void>();

function readCookie(name: string): string | null {
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
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  const token = readCookie('token');
  const id = readCookie('id');
  return token && id ? { token, id } : null;
}

export function setSession(token: string, id: string | number): void {
  writeCookie('token', token, MAX_AGE_S);
  writeCookie('id', String(id), MAX_AGE_S);
  notify();
}

export function clearSession(): void {
  writeCookie('token', '', 0);
  writeCookie('id', '', 0);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A stable snapshot: the raw pair, so React compares strings rather than fresh objects. */
function snapshot(): string {
  const session = getSession();
  return session ? `${session.id}\n${session.token}` : '';
}

export function useSession(): Session | null {
  const raw = useSyncExternalStore(subscribe, snapshot, () => '');
  if (!raw) return null;
  const [id = '', token = ''] = raw.split('\n');
  return { id, token };
}
