import { useEffect, useRef, type RefObject } from 'react';

/** While active, a press anywhere outside ref's element calls onOutside (menus, the search results). */
export function useClickOutside(ref: RefObject<HTMLElement | null>, active: boolean, onOutside: () => void): void {
  // The latest callback, so a new function each render does not re-subscribe the listener.
  const callback = useRef(onOutside);
  useEffect(() => {
    callback.current = onOutside;
  });
  useEffect(() => {
    if (!active) return;
    const onPress = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) callback.current();
    };
    document.addEventListener('mousedown', onPress);
    return () => document.removeEventListener('mousedown', onPress);
  }, [ref, active]);
}
