import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { paths } from '@inkwell/contract';
import { AppLayout } from './layouts/AppLayout';
import { AuthLayout } from './layouts/AuthLayout';
import { RequireSession } from './RequireSession';

// One lazy chunk per screen of SPEC §2.
const Home = lazy(() => import('./routes/home'));
const Login = lazy(() => import('./routes/login'));
const Signup = lazy(() => import('./routes/signup'));
const Verified = lazy(() => import('./routes/verified'));
const ForgotPassword = lazy(() => import('./routes/forgot-password'));
const ResetPassword = lazy(() => import('./routes/reset-password'));
const Unsubscribe = lazy(() => import('./routes/unsubscribe'));
const CreatePost = lazy(() => import('./routes/create-post'));
const Notifications = lazy(() => import('./routes/notifications'));
const Profile = lazy(() => import('./routes/profile'));
const Saved = lazy(() => import('./routes/saved'));
const Library = lazy(() => import('./routes/library'));
const Settings = lazy(() => import('./routes/settings'));
const Help = lazy(() => import('./routes/help'));
const Recommendation = lazy(() => import('./routes/recommendation'));
const CategoryPosts = lazy(() => import('./routes/category-posts'));
const ViewProfile = lazy(() => import('./routes/view-profile'));
const ViewPost = lazy(() => import('./routes/view-post'));
const EditPost = lazy(() => import('./routes/edit-post'));
const NotFound = lazy(() => import('./routes/not-found'));

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
