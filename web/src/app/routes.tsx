import { type ComponentType, isValidElement } from 'react';
import { Navigate, type RouteObject, matchRoutes } from 'react-router';
import { paths } from '@inkwell/contract';
import { AppLayout } from './layouts/AppLayout';
import { AuthLayout } from './layouts/AuthLayout';
import { RequireSession } from './RequireSession';
import { type LazyScreen, lazyScreen } from './lazy-screen';

// One lazy chunk per screen of SPEC §2, each file of ./routes/.
const screenFiles = import.meta.glob<{ default: ComponentType }>('./routes/*.tsx');
const screen = (name: string) => {
  const file = `./routes/${name}.tsx`;
  const load = screenFiles[file];
  if (!load) throw new Error(`There is no screen ${file}.`);
  return lazyScreen(load, `src/app/routes/${name}.tsx`);
};

const Home = screen('home');
const Login = screen('login');
const Signup = screen('signup');
const Verified = screen('verified');
const ForgotPassword = screen('forgot-password');
const ResetPassword = screen('reset-password');
const Unsubscribe = screen('unsubscribe');
const CreatePost = screen('create-post');
const Notifications = screen('notifications');
const Search = screen('search');
const Profile = screen('profile');
const Saved = screen('saved');
const Library = screen('library');
const Stats = screen('stats');
const Settings = screen('settings');
const Help = screen('help');
const Recommendation = screen('recommendation');
const CategoryPosts = screen('category-posts');
const ViewProfile = screen('view-profile');
const ViewPost = screen('view-post');
const DraftPreview = screen('draft-preview');
const EditPost = screen('edit-post');
const NotFound = screen('not-found');

/** The route table of SPEC §2, guarded as its Access column says (paths from the contract). */
export const routes: RouteObject[] = [
  {
    element: <AuthLayout />,
    children: [
      { path: paths.login.path, element: <Login /> },
      { path: paths.signup.path, element: <Signup /> },
      { path: paths.verified.path, element: <Verified /> },
      { path: paths.forgotPassword.path, element: <ForgotPassword /> },
      { path: paths.resetPassword.path, element: <ResetPassword /> },
      // A mail's unsubscribe link: no session needed.
      { path: paths.unsubscribe.path, element: <Unsubscribe /> },
    ],
  },
  {
    element: <AppLayout />,
    children: [
      { path: paths.home.path, element: <Home /> },
      { path: paths.viewProfile.path, element: <ViewProfile /> },
      { path: paths.viewPost.path, element: <ViewPost /> },
      // The search results page (issue 13): open to visitors.
      { path: paths.search.path, element: <Search /> },
      // A draft's secret preview link (issue 13): open to anyone holding it.
      { path: paths.draftPreview.path, element: <DraftPreview /> },
      {
        element: <RequireSession />,
        children: [
          { path: paths.createPost.path, element: <CreatePost /> },
          { path: paths.notifications.path, element: <Notifications /> },
          { path: paths.profile.path, element: <Profile /> },
          { path: paths.saved.path, element: <Saved /> },
          { path: paths.library.path, element: <Library /> },
          { path: paths.stats.path, element: <Stats /> },
          { path: paths.settings.path, element: <Settings /> },
          { path: paths.help.path, element: <Help /> },
          { path: paths.recommendation.path, element: <Recommendation /> },
          { path: paths.categoryPosts.path, element: <CategoryPosts /> },
          // Owner of the post (SPEC §2): the session is checked here, ownership by the screen once it loads the post.
          { path: paths.editPost.path, element: <EditPost /> },
          // SPEC §4's /posts (after an update) is no screen of §2: it means the writer's own posts.
          { path: paths.postsAlias.path, element: <Navigate to={paths.library.getHref()} replace /> },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/**
 * Loads the screens a path shows (before the server renders it, or the browser hydrates it), so
 * they render at once instead of through their Suspense fallback.
 */
export async function preloadScreens(pathname: string): Promise<void> {
  await Promise.all(screensOf(pathname).map((lazy) => lazy.preload()));
}

/** The source files of the screens a path shows, as the build's manifest names them (for modulepreload links). */
export function screenModules(pathname: string): string[] {
  return screensOf(pathname).map((lazy) => lazy.module);
}

function screensOf(pathname: string): LazyScreen[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    const type: unknown = isValidElement(route.element) ? route.element.type : null;
    return typeof (type as LazyScreen | null)?.preload === 'function' ? [type as LazyScreen] : [];
  });
}
