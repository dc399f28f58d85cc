import { useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { Bell, House, Search, SquarePen } from 'lucide-react';
import { paths } from '@inkwell/contract';
import { Wordmark } from './Wordmark';
import { ProfileMenu } from './ProfileMenu';
import { buttonStyles } from './Button';
import { HydrateLater } from '../ssr/hydrate-later';

interface TopBarProps {
  signedIn: boolean;
  email?: string | null;
  picture?: string | null;
  hasNotifications?: boolean;
  onLogout: () => void;
  /** The search box (SPEC §2 Search), given by the layout: wide screens inline, phones in a panel. */
  renderSearch: (options: { className?: string; autoFocus?: boolean }) => ReactNode;
}

const navClass = ({ isActive }: { isActive: boolean }) =>
  `relative inline-flex items-center gap-2 rounded-full px-2.5 py-2 text-sm font-medium max-[359px]:px-2 sm:px-3 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
    isActive ? 'text-zinc-900 dark:text-zinc-50' : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100'
  }`;

/** SPEC §1: Home, Post, Search, Notifications (with a dot) and the profile menu; Login / Sign up when signed out. */
export function TopBar({ signedIn, email, picture, hasNotifications = false, onLogout, renderSearch }: TopBarProps) {
  const [searchOpen, setSearchOpen] = useState(false);
  return (
    // Hydrated in a task of its own, after the page frame (ssr/hydrate-later).
    <HydrateLater as="header" className="sticky top-0 z-30 border-b border-zinc-200 bg-white/90 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-3 sm:gap-4 sm:px-6">
        <Wordmark />
        {renderSearch({ className: 'ml-2 hidden md:block' })}
        <nav aria-label="Main" className="ml-auto flex items-center gap-0.5 sm:gap-1">
          <NavLink to={paths.home.getHref()} end aria-label="Home" className={(state) => `${navClass(state)} ${signedIn ? '' : 'max-sm:hidden'}`}>
            <House aria-hidden="true" className="size-5" />
            <span className="hidden lg:inline">Home</span>
          </NavLink>
          <button
            type="button"
            aria-label="Search"
            aria-expanded={searchOpen}
            onClick={() => setSearchOpen((value) => !value)}
            className={`${navClass({ isActive: searchOpen })} md:hidden`}
          >
            <Search aria-hidden="true" className="size-5" />
          </button>
          {/* A visitor's Post leads to login, which is beside it: on the narrowest phones it makes room for Sign up. */}
          <NavLink to={paths.createPost.getHref()} className={(state) => `${navClass(state)} ${signedIn ? '' : 'max-[359px]:hidden'}`} aria-label="Post">
            <SquarePen aria-hidden="true" className="size-5" />
            <span className="hidden lg:inline">Post</span>
          </NavLink>
          {signedIn ? (
            <>
              <NavLink to={paths.notifications.getHref()} className={navClass} aria-label={hasNotifications ? 'Notifications (new)' : 'Notifications'}>
                <Bell aria-hidden="true" className="size-5" />
                {hasNotifications && (
                  <span data-testid="notifications-dot" className="absolute right-2.5 top-2 size-2 rounded-full bg-red-600 ring-2 ring-white dark:ring-zinc-950" />
                )}
              </NavLink>
              <div className="ml-1 sm:ml-2">
                <ProfileMenu email={email} picture={picture} onLogout={onLogout} />
              </div>
            </>
          ) : (
            <div className="ml-1 flex items-center gap-1 whitespace-nowrap sm:ml-2 sm:gap-2">
              <Link to={paths.login.getHref()} className={`${buttonStyles.link} px-1.5 py-2 text-sm`}>
                Login
              </Link>
              <Link to={paths.signup.getHref()} className={`${buttonStyles.primary} px-3.5! py-2! sm:px-4!`}>
                Sign up
              </Link>
            </div>
          )}
        </nav>
      </div>
      {searchOpen && <div className="border-t border-zinc-200 px-4 py-3 md:hidden dark:border-zinc-800">{renderSearch({ autoFocus: true })}</div>}
    </HydrateLater>
  );
}
