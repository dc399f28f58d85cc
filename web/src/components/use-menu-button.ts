import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useClickOutside } from './use-click-outside';

/**
 * A button that opens a menu (WAI-ARIA menu button): the first entry takes focus on opening; arrows,
 * Home and End move between entries; Escape closes and returns focus to the button; Tab and a click
 * outside close it. ArrowDown on the closed button opens it.
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();

  useClickOutside(rootRef, open, () => setOpen(false));
  useEffect(() => {
    if (open) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (next: number) => items[(next + items.length) % items.length]?.focus();
    const keys: Record<string, () => void> = {
      Escape: () => close(true),
      ArrowDown: () => move(index + 1),
      ArrowUp: () => move(index - 1),
      Home: () => move(0),
      End: () => move(items.length - 1),
    };
    if (event.key === 'Tab') {
      setOpen(false);
    } else if (keys[event.key]) {
      event.preventDefault();
      keys[event.key]!();
    }
  };

  const buttonProps = {
    ref: buttonRef,
    type: 'button' as const,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': open ? menuId : undefined,
    onClick: () => setOpen((value) => !value),
    /** ArrowDown on the closed button opens the menu (focus then goes to its first entry). */
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key === 'ArrowDown' && !open) {
        event.preventDefault();
        setOpen(true);
      }
    },
  };

  return { open, setOpen, close, rootRef, menuRef, menuId, buttonProps, onMenuKeyDown };
}
