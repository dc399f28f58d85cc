import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { DRAFT_SAVE_MS, type DraftFields, draftKey, usePostDraft } from './use-post-draft';

const empty: DraftFields = { title: '', sub_title: '', category_id: '', description: '' };
const typed: DraftFields = { ...empty, title: 'Half a thought' };
const storedKeys = () =>
  Object.keys(localStorage)
    .filter((k) => k.startsWith('inkwell:draft'))
    .sort();

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

it('keeps a new post under `new` while typing, then moves it to the draft key at once, even if the page is hidden before the next render', () => {
  const newKey = draftKey('7');
  const { result, rerender, unmount } = renderHook(({ key, current }) => usePostDraft(key, empty, current, false), {
    initialProps: { key: newKey, current: empty },
  });
  rerender({ key: newKey, current: typed });
  act(() => vi.advanceTimersByTime(DRAFT_SAVE_MS + 1));
  expect(storedKeys()).toEqual([newKey]);

  // The server has just created draft 12: the form moves the copy, then the page goes (a reload)
  // before React has rendered with the new key.
  const draft12 = draftKey('7', undefined, 12);
  act(() => result.current.moveTo(draft12));
  window.dispatchEvent(new Event('pagehide'));
  expect(storedKeys()).toEqual([draft12]);

  // The render that follows changes nothing more.
  rerender({ key: draft12, current: typed });
  act(() => vi.advanceTimersByTime(DRAFT_SAVE_MS + 1));
  // Leaving the screen keeps what the form holds, under the draft's key.
  act(() => unmount());
  expect(storedKeys()).toEqual([draft12]);
});

it('clears the copy for good after sending: neither a pending save nor leaving the page writes it again', () => {
  const key = draftKey('7');
  const { result, rerender, unmount } = renderHook(({ current }) => usePostDraft(key, empty, current, false), { initialProps: { current: empty } });
  rerender({ current: typed });
  act(() => result.current.clear());
  act(() => vi.advanceTimersByTime(DRAFT_SAVE_MS + 1));
  window.dispatchEvent(new Event('pagehide'));
  act(() => unmount());
  expect(storedKeys()).toEqual([]);
});
