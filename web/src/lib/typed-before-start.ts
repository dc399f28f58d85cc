import { type ChangeEvent, type RefObject, useEffect, useRef } from 'react';

/**
 * What a reader typed into a server-rendered page before the app started. React hydrates a controlled
 * input or textarea without touching the text in it, but its state is still what the page was
 * rendered with, so the first submit would send that and the next render would wipe the box. Once,
 * after the first render, text in the box that its state does not hold is handed to the field's own
 * onChange, as if just typed (an empty box changes nothing: a draft the state restored stays).
 */
export function useTypedBeforeStart<T extends HTMLInputElement | HTMLTextAreaElement>(
  ref: RefObject<T | null>,
  value: unknown,
  onChange: ((event: ChangeEvent<T>) => void) | undefined,
): void {
  const first = useRef({ value, onChange });
  useEffect(() => {
    const node = ref.current;
    const { value: state, onChange: handle } = first.current;
    if (!node || !handle || state === undefined || state === null || node.value === '' || node.value === String(state)) return;
    handle({ target: node, currentTarget: node } as ChangeEvent<T>);
  }, [ref]);
}
