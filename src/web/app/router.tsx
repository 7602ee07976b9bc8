/**
 * The route table (spec §2). Every page is its own lazy chunk (React.lazy), so a visitor
 * downloads only the page they open; the layout (navbar, footer) is part of the entry chunk.
 * Declarative routing (BrowserRouter + useRoutes): server state lives in TanStack Query, so the
 * data router's loaders are not needed, and leaving it out saves ~18 KB gzipped.
 */
import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { MainLayout } from './layout/main-layout';
import { paths } from './paths';

const HomeRoute = lazy(() =>
  import('../features/catalog/routes/home').then((m) => ({ default: m.HomeRoute })),
);
const CategoryRoute = lazy(() =>
  import('../features/catalog/routes/category').then((m) => ({ default: m.CategoryRoute })),
);
const BlogsRoute = lazy(() =>
  import('../features/blogs/routes/blogs').then((m) => ({ default: m.BlogsRoute })),
);
const LoginRoute = lazy(() =>
  import('../features/auth/routes/login').then((m) => ({ default: m.LoginRoute })),
);
const RegistrationRoute = lazy(() =>
  import('../features/auth/routes/registration').then((m) => ({ default: m.RegistrationRoute })),
);
const RoleNotFoundRoute = lazy(() =>
  import('../features/errors/routes/role-not-found').then((m) => ({
    default: m.RoleNotFoundRoute,
  })),
);
const NotFoundRoute = lazy(() =>
  import('../features/errors/routes/not-found').then((m) => ({ default: m.NotFoundRoute })),
);

export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      { path: paths.home.path, element: <HomeRoute /> },
      { path: paths.login.path, element: <LoginRoute /> },
      { path: paths.registration.path, element: <RegistrationRoute /> },
      { path: paths.blogs.path, element: <BlogsRoute /> },
      { path: paths.category.path, element: <CategoryRoute /> },
      { path: paths.adminNotFound.path, element: <RoleNotFoundRoute role="admin" /> },
      { path: paths.sellerNotFound.path, element: <RoleNotFoundRoute role="seller" /> },
      { path: paths.buyerNotFound.path, element: <RoleNotFoundRoute role="buyer" /> },
      { path: paths.notFound.path, element: <NotFoundRoute /> },
    ],
  },
];

/** Renders the page of the current URL. */
export function AppRoutes() {
  return useRoutes(routes);
}
