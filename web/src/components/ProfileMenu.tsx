import { Link } from 'react-router';
import { useMenuButton } from './use-menu-button';
import { Bookmark, ChartColumn, CircleHelp, LibraryBig, LogOut, Settings, Sparkles, User } from 'lucide-react';
import { maskEmail, paths } from '@inkwell/contract';
import { Avatar } from './Avatar';

interface ProfileMenuProps {
  email: string | null | undefined;
  picture?: string | null;
  onLogout: () => void;
}

const ENTRIES = [
  { label: 'Profile', to: paths.profile.getHref(), Icon: User },
  { label: 'Saved', to: paths.saved.getHref(), Icon: Bookmark },
  { label: 'Library', to: paths.library.getHref(), Icon: LibraryBig },
  // Addition (issue 13): the writer's numbers.
  { label: 'Stats', to: paths.stats.getHref(), Icon: ChartColumn },
  { label: 'Settings', to: paths.settings.getHref(), Icon: Settings },
  { label: 'Help', to: paths.help.getHref(), Icon: CircleHelp },
  { label: 'Manage Recommendation', to: paths.recommendation.getHref(), Icon: Sparkles },
] as const;

const itemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-zinc-700 outline-none hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-indigo-600 dark:text-zinc-200 dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800';

/** SPEC §1: the avatar menu with seven entries (and Stats, issue 13) and the masked email under Logout. Keyboard and outside click close it. */
export function ProfileMenu({ email, picture, onLogout }: ProfileMenuProps) {
  const { open, setOpen, rootRef, menuRef, menuId, buttonProps, onMenuKeyDown } = useMenuButton();

  return (
    <div ref={rootRef} className="relative">
      <button
        {...buttonProps}
        aria-label="Profile menu"
        className="flex rounded-full ring-offset-2 transition hover:ring-2 hover:ring-zinc-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:ring-offset-zinc-950 dark:hover:ring-zinc-700"
      >
        <Avatar src={picture} size={36} />
      </button>
      {open && (
        <div className="absolute right-0 z-40 mt-2 w-64 origin-top-right rounded-2xl border border-zinc-200 bg-white p-2 shadow-xl dark:border-zinc-800 dark:bg-zinc-900">
          <ul ref={menuRef} id={menuId} role="menu" aria-label="Profile" onKeyDown={onMenuKeyDown} className="space-y-0.5">
            {ENTRIES.map(({ label, to, Icon }) => (
              <li key={label} role="none">
                <Link role="menuitem" to={to} tabIndex={-1} className={itemClass} onClick={() => setOpen(false)}>
                  <Icon aria-hidden="true" className="size-4 text-zinc-500 dark:text-zinc-400" />
                  {label}
                </Link>
              </li>
            ))}
            <li role="separator" className="my-1.5 border-t border-zinc-200 dark:border-zinc-800" />
            <li role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={itemClass}
                onClick={() => {
                  setOpen(false);
                  onLogout();
                }}
              >
                <LogOut aria-hidden="true" className="size-4 text-zinc-500 dark:text-zinc-400" />
                Logout
              </button>
            </li>
          </ul>
          <p data-testid="masked-email" className="truncate px-3 pb-1 pt-0.5 text-xs text-zinc-600 dark:text-zinc-400">
            {maskEmail(email)}
          </p>
        </div>
      )}
    </div>
  );
}
