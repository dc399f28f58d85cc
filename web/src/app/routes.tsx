import { isValidElement } from 'react';
import { Navigate, type RouteObject, matchRoutes } from 'react-router';
import { paths } from '@inkwell/contract';
import { AppLayout } from './layouts/AppLayout';
import { AuthLayout } from './layouts/AuthLayout';
import { RequireSession } from './RequireSession';
import { type LazyScreen, lazyScreen } from './lazy-screen';

// One lazy chunk per screen of SPEC §2.
const Home = lazyScreen(() => import('./routes/home'));
const Login = lazyScreen(() => import('./routes/login'));
const Signup = lazyScreen(() => import('./routes/signup'));
const Verified = lazyScreen(() => import('./routes/verified'));
const ForgotPassword = lazyScreen(() => import('./routes/forgot-password'));
const ResetPassword = lazyScreen(() => import('./routes/reset-password'));
const Unsubscribe = lazyScreen(() => import('./routes/unsubscribe'));
const CreatePost = lazyScreen(() => import('./routes/create-post'));
const Notifications = lazyScreen(() => import('./routes/notifications'));
const Profile = lazyScreen(() => import('./routes/profile'));
const Saved = lazyScreen(() => import('./routes/saved'));
const Library = lazyScreen(() => import('./routes/library'));
const Settings = lazyScreen(() => import('./routes/settings'));
const Help = lazyScreen(() => import('./routes/help'));
const Recommendation = lazyScreen(() => import('./routes/recommendation'));
const CategoryPosts = lazyScreen(() => import('./routes/category-posts'));
const ViewProfile = lazyScreen(() => import('./routes/view-profile'));
const ViewPost = lazyScreen(() => import('./routes/view-post'));
const EditPost = lazyScreen(() => import('./routes/edit-post'));
const NotFound = lazyScreen(() => import('./routes/not-found'));

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
      {
        element: <RequireSession />,
        children: [
          { path: paths.createPost.path, element: <CreatePost /> },
          { path: paths.notifications.path, element: <Notifications /> },
          { path: paths.profile.path, element: <Profile /> },
          { path: paths.saved.path, element: <Saved /> },
          { path: paths.library.path, element: <Library /> },
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
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) => {
      const type: unknown = isValidElement(route.element) ? route.element.type : null;
      return typeof (type as LazyScreen | null)?.preload === 'function' ? (type as LazyScreen).preload() : undefined;
    }),
  );
}
