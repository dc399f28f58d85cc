import type { ComponentType } from 'react';
import { Navigate, type RouteObject, RouterContextProvider, createContext, matchRoutes } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@inkwell/contract';
import { PageFallback } from '../components/PageFallback';
import { AppLayout, appLayoutScreen } from './layouts/AppLayout';
import { AuthLayout } from './layouts/AuthLayout';
import { RequireSession } from './RequireSession';
import { SHELL_SCREEN, type Screen, type ScreenArgs, type ScreenModule } from './screen';

/** One lazy chunk per screen of SPEC §2, each file of ./routes/ (its component, data, head and render). */
const screenFiles = import.meta.glob<ScreenModule>('./routes/*.tsx');

/** How a page's screens ask for their data: awaited on the server before it renders, started in the browser. */
export interface ScreenLoading {
  client: QueryClient;
  viewerId: string | undefined;
  /** The server awaits the data (it renders once, with all of it); the browser goes on at once. */
  wait: boolean;
}

/** Where the loaders find the page's ScreenLoading, in the router's context. */
const screenLoading = createContext<ScreenLoading>();

/** The router's context for one page (the server's request) or one move (the browser's `getContext`). */
export function loadingContext(loading: ScreenLoading): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(screenLoading, loading);
  return context;
}

/** The route's loader: the screen's `load` with this page's query cache. */
function loaderOf(screen: Screen | undefined, withLoaders: boolean): RouteObject['loader'] {
  if (!screen?.load || !withLoaders) return undefined;
  const load = screen.load;
  return async ({ params, request, context }) => {
    const { client, viewerId, wait } = (context as RouterContextProvider).get(screenLoading);
    const args: ScreenArgs = { params, url: new URL(request.url), client, viewerId };
    const asked = load(args);
    if (wait) await Promise.all(asked);
    return null;
  };
}

/** A screen at an address: its module loaded on demand, guarded as the contract's access says. */
function screenRoute(path: string, access: string, name: string, withLoaders: boolean): RouteObject {
  const file = screenFiles[`./routes/${name}.tsx`];
  if (!file) throw new Error(`There is no screen ./routes/${name}.tsx.`);
  return {
    id: name,
    path,
    // Until its code has come on the app's first render, the layout shows with this in its place.
    HydrateFallback: PageFallback,
    lazy: async () => {
      const module = await file();
      const screen = module.screen ?? SHELL_SCREEN;
      const Screen = module.default;
      const Component: ComponentType =
        access === 'open'
          ? Screen
          : () => (
              <RequireSession>
                <Screen />
              </RequireSession>
            );
      return { Component, loader: loaderOf(screen, withLoaders), handle: { screen, module: `src/app/routes/${name}.tsx` } };
    },
  };
}

/**
 * The route table of SPEC §2 (addresses and access from the contract). With loaders, each screen's
 * data is asked for as the router comes to it (the server's render, the app in the browser; the
 * router's context holds the page's query cache: `loadingContext`); without, the screens ask for it
 * themselves as they render (the unit tests).
 */
export function createRoutes(withLoaders = false): RouteObject[] {
  const route = (entry: { path: string; access: string }, name: string) => screenRoute(entry.path, entry.access, name, withLoaders);
  return [
    {
      id: 'auth',
      element: <AuthLayout />,
      children: [
        route(paths.login, 'login'),
        route(paths.signup, 'signup'),
        route(paths.verified, 'verified'),
        route(paths.forgotPassword, 'forgot-password'),
        route(paths.resetPassword, 'reset-password'),
        route(paths.unsubscribe, 'unsubscribe'),
        route(paths.newsletterConfirm, 'newsletter-confirm'),
        route(paths.newsletterUnsubscribe, 'newsletter-unsubscribe'),
        route(paths.appeal, 'appeal'),
      ],
    },
    {
      id: 'app',
      element: <AppLayout />,
      loader: loaderOf(appLayoutScreen, withLoaders),
      handle: { screen: appLayoutScreen },
      children: [
        route(paths.home, 'home'),
        route(paths.viewProfile, 'view-profile'),
        route(paths.viewPost, 'view-post'),
        route(paths.search, 'search'),
        route(paths.draftPreview, 'draft-preview'),
        route(paths.createPost, 'create-post'),
        route(paths.notifications, 'notifications'),
        route(paths.profile, 'profile'),
        route(paths.saved, 'saved'),
        route(paths.library, 'library'),
        route(paths.stats, 'stats'),
        route(paths.subscribers, 'subscribers'),
        route(paths.settings, 'settings'),
        route(paths.help, 'help'),
        route(paths.recommendation, 'recommendation'),
        route(paths.report, 'report'),
        route(paths.reports, 'reports'),
        route(paths.mod, 'mod'),
        route(paths.modCase, 'mod-case'),
        route(paths.modAccount, 'mod-account'),
        route(paths.modAppeals, 'mod-appeals'),
        route(paths.modHelp, 'mod-help'),
        route(paths.modServers, 'mod-servers'),
        route(paths.modAudit, 'mod-audit'),
        route(paths.rules, 'rules'),
        route(paths.moderation, 'moderation'),
        route(paths.categoryPosts, 'category-posts'),
        // Owner of the post (SPEC §2): the session is checked here, ownership by the screen once it loads the post.
        route(paths.editPost, 'edit-post'),
        // SPEC §4's /posts (after an update) is no screen of §2: it means the writer's own posts.
        {
          path: paths.postsAlias.path,
          element: (
            <RequireSession>
              <Navigate to={paths.library.getHref()} replace />
            </RequireSession>
          ),
        },
        route({ path: '*', access: 'open' }, 'not-found'),
      ],
    },
  ];
}

/** The table without loaders (screens ask for their data as they render). */
export const routes: RouteObject[] = createRoutes();

/** What a screen's route carries (`handle`): the screen, and its source file as the build's manifest names it. */
export interface ScreenHandle {
  screen?: Screen;
  module?: string;
}

export const handleOf = (route: { handle?: unknown }): ScreenHandle => (route.handle as ScreenHandle | undefined) ?? {};

/**
 * Loads the screens a path shows into the route table (as the router would on its way there), so the
 * browser hydrates them at once; answers the routes matched, outermost first.
 */
export async function resolveScreens(table: RouteObject[], pathname: string): Promise<RouteObject[]> {
  const matched = (matchRoutes(table, pathname) ?? []).map(({ route }) => route);
  await Promise.all(
    matched.map(async (route) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
  return matched;
}
