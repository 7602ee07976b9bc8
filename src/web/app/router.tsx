/**
 * The route table (spec §2). Every page is its own lazy chunk (React.lazy), so a visitor
 * downloads only the page they open; the layout (navbar, footer) and the guards are part of the
 * entry chunk. Declarative routing (BrowserRouter + useRoutes): server state lives in TanStack
 * Query, so the data router's loaders are not needed, and leaving it out saves ~18 KB gzipped.
 *
 * Guards (spec §2, §6): the category and payment pages and the seller and buyer dashboards need
 * a signed-in user (visitors go to /login and come back); dashboards also need their role (else
 * the role's not-found page). Admin pages send visitors and non-admins alike to
 * /admin-not-found (spec §6).
 */
import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { RequireAuth, RequireRole } from '../features/auth/components/guards';
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
const ForgotPasswordRoute = lazy(() =>
  import('../features/auth/routes/forgot-password').then((m) => ({
    default: m.ForgotPasswordRoute,
  })),
);
const ResetPasswordRoute = lazy(() =>
  import('../features/auth/routes/reset-password').then((m) => ({
    default: m.ResetPasswordRoute,
  })),
);
const PaymentRoute = lazy(() =>
  import('../features/payments/routes/payment').then((m) => ({ default: m.PaymentRoute })),
);
const AdminDashboardLayout = lazy(() =>
  import('../features/dashboard/routes/dashboard-layouts').then((m) => ({
    default: m.AdminDashboardLayout,
  })),
);
const SellerDashboardLayout = lazy(() =>
  import('../features/dashboard/routes/dashboard-layouts').then((m) => ({
    default: m.SellerDashboardLayout,
  })),
);
const BuyerDashboardLayout = lazy(() =>
  import('../features/dashboard/routes/dashboard-layouts').then((m) => ({
    default: m.BuyerDashboardLayout,
  })),
);
const AllSellersRoute = lazy(() =>
  import('../features/dashboard/routes/admin-sellers').then((m) => ({
    default: m.AllSellersRoute,
  })),
);
const AllBuyersRoute = lazy(() =>
  import('../features/dashboard/routes/admin-buyers').then((m) => ({
    default: m.AllBuyersRoute,
  })),
);
const ReportedProductsRoute = lazy(() =>
  import('../features/dashboard/routes/admin-reported-products').then((m) => ({
    default: m.ReportedProductsRoute,
  })),
);
const AddProductRoute = lazy(() =>
  import('../features/dashboard/routes/seller-add-product').then((m) => ({
    default: m.AddProductRoute,
  })),
);
const MyProductsRoute = lazy(() =>
  import('../features/dashboard/routes/seller-products').then((m) => ({
    default: m.MyProductsRoute,
  })),
);
const MyOrdersRoute = lazy(() =>
  import('../features/dashboard/routes/buyer-orders').then((m) => ({
    default: m.MyOrdersRoute,
  })),
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
      { path: paths.forgotPassword.path, element: <ForgotPasswordRoute /> },
      { path: paths.resetPassword.path, element: <ResetPasswordRoute /> },
      { path: paths.blogs.path, element: <BlogsRoute /> },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.category.path, element: <CategoryRoute /> },
          { path: paths.payment.path, element: <PaymentRoute /> },
          {
            element: <RequireRole role="seller" />,
            children: [
              {
                element: <SellerDashboardLayout />,
                children: [
                  { path: paths.sellerAddProduct.path, element: <AddProductRoute /> },
                  { path: paths.sellerProducts.path, element: <MyProductsRoute /> },
                ],
              },
            ],
          },
          {
            element: <RequireRole role="buyer" />,
            children: [
              {
                element: <BuyerDashboardLayout />,
                children: [{ path: paths.buyerOrders.path, element: <MyOrdersRoute /> }],
              },
            ],
          },
        ],
      },
      {
        element: <RequireRole role="admin" />,
        children: [
          {
            element: <AdminDashboardLayout />,
            children: [
              { path: paths.adminSellers.path, element: <AllSellersRoute /> },
              { path: paths.adminBuyers.path, element: <AllBuyersRoute /> },
              { path: paths.adminReportedProducts.path, element: <ReportedProductsRoute /> },
            ],
          },
        ],
      },
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
