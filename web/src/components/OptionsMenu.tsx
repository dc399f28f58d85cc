import { Link } from 'react-router';
import { useMenuButton } from './use-menu-button';
import { Ellipsis } from 'lucide-react';

export interface OptionsMenuItem {
  label: string;
  /** A link, or an action. */
  to?: string;
  onSelect?: () => void;
  danger?: boolean;
}

const itemClass =
  'flex w-full items-center rounded-lg px-3 py-2 text-left text-sm outline-none hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-indigo-600 dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800';

/** A "…" button with a small menu (the owner's Edit and Delete); arrows, Escape and outside clicks work. */
export function OptionsMenu({ label, items }: { label: string; items: OptionsMenuItem[] }) {
  const { open, setOpen, rootRef, menuRef, menuId, buttonProps, onMenuKeyDown } = useMenuButton();

  return (
    <div ref={rootRef} className="relative shrink-0">
      <button
        {...buttonProps}
        aria-label={label}
        title={label}
        className="inline-flex size-9 items-center justify-center rounded-full text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
      >
        <Ellipsis aria-hidden="true" className="size-5" />
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-30 mt-1 w-max min-w-40 rounded-xl border border-zinc-200 bg-white p-1.5 shadow-xl dark:border-zinc-800 dark:bg-zinc-900"
        >
          {items.map((item) => {
            const tone = item.danger ? 'text-rose-700 dark:text-rose-400' : 'text-zinc-700 dark:text-zinc-200';
            return (
              <li key={item.label} role="none">
                {item.to ? (
                  <Link role="menuitem" tabIndex={-1} to={item.to} className={`${itemClass} ${tone}`} onClick={() => setOpen(false)}>
                    {item.label}
                  </Link>
                ) : (
                  <button
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className={`${itemClass} ${tone}`}
                    onClick={() => {
                      setOpen(false);
                      item.onSelect?.();
                    }}
                  >
                    {item.label}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
