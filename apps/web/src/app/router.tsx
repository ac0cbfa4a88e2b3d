import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { CreatePasswordPage } from '../features/auth/create-password-page.tsx';
import { CreatePasswordSucceedPage } from '../features/auth/create-password-succeed-page.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { PrivacyPolicyPage } from '../features/auth/privacy-policy-page.tsx';
import { HasAuthHomePage, NoAuthHomePage, RootHomePage } from '../features/home/home-pages.tsx';
import { MinePage } from '../features/mine/mine-page.tsx';
import { SettingsPage } from '../features/mine/settings-page.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { paths } from './paths.ts';
import { PLACEHOLDER_ROUTES, placeholderElement } from './placeholder-routes.tsx';

/** The full route table of SPEC.md §2. /home is resolved by the guard (it never renders). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.root, element: <RootHomePage /> },
      { path: paths.home, element: <Navigate to={paths.homeNoAuth} replace /> },
      { path: paths.homeNoAuth, element: <NoAuthHomePage /> },
      { path: paths.homeHasAuth, element: <HasAuthHomePage /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.privacyPolicy, element: <PrivacyPolicyPage /> },
      { path: paths.createPassword, element: <CreatePasswordPage /> },
      { path: paths.createPasswordSucceed, element: <CreatePasswordSucceedPage /> },
      { path: paths.mine, element: <MinePage /> },
      { path: paths.settings, element: <SettingsPage /> },
      ...PLACEHOLDER_ROUTES.map(({ path, titleKey }) => ({ path, element: placeholderElement(titleKey) })),
      { path: paths.notFound, element: <NotFoundPage /> },
      { path: paths.notFoundAlias, element: <NotFoundPage /> },
      { path: '*', element: <Navigate to={paths.notFoundAlias} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
