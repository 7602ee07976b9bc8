/**
 * The route table (docs/product.md §2). Every page is its own lazy chunk (React.lazy), so a visitor
 * downloads only the page they open; the layout (navbar, footer) and the guards are part of the
 * entry chunk. Pages come from the features (`features/<area>/routes`), or from `./routes` when a
 * page is composed from several features (decision 0007). Declarative routing (BrowserRouter + useRoutes): server state lives in TanStack
 * Query, so the data router's loaders are not needed, and leaving it out saves ~18 KB gzipped.
 *
 * Guards (docs/product.md §2, §6): the category and payment pages and the seller and buyer dashboards need
 * a signed-in user (visitors go to /login and come back); dashboards also need their role (else
 * the role's not-found page). Admin pages send visitors and non-admins alike to
 * /admin-not-found (docs/product.md §6).
 */
import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { RequireAuth, RequireRole } from '../lib/auth/guards';
import { paths } from '../lib/paths';
import { MainLayout } from './layout/main-layout';

const HomeRoute = lazy(() =>
  import('./routes/home').then((m) => ({ default: m.HomeWithListingsRoute })),
);
const CategoryRoute = lazy(() =>
  import('./routes/category').then((m) => ({ default: m.CategoryRoute })),
);
const ListingRoute = lazy(() =>
  import('./routes/listing').then((m) => ({ default: m.ListingRoute })),
);
const BlogsRoute = lazy(() =>
  import('../features/blogs/routes/blogs').then((m) => ({ default: m.BlogsRoute })),
);
const SavedSearchesRoute = lazy(() =>
  import('../features/saved-searches/routes/saved-searches').then((m) => ({
    default: m.SavedSearchesRoute,
  })),
);
// The search page with `Save this search` (composed in app/routes/search.tsx).
const SearchRoute = lazy(() =>
  import('./routes/search').then((m) => ({ default: m.SearchWithFavouritesRoute })),
);
const LoginRoute = lazy(() =>
  import('./routes/login').then((m) => ({ default: m.LoginWithReasonRoute })),
);
const RegistrationRoute = lazy(() =>
  import('../features/accounts/routes/registration').then((m) => ({
    default: m.RegistrationRoute,
  })),
);
const ForgotPasswordRoute = lazy(() =>
  import('../features/accounts/routes/forgot-password').then((m) => ({
    default: m.ForgotPasswordRoute,
  })),
);
const ResetPasswordRoute = lazy(() =>
  import('../features/accounts/routes/reset-password').then((m) => ({
    default: m.ResetPasswordRoute,
  })),
);
// The signed-in user's own profile, with the NotificationSettings of the notifications
// feature in its Notifications section (composed in app/routes/profile.tsx).
const ProfileRoute = lazy(() =>
  import('./routes/profile').then((m) => ({ default: m.ProfileWithNotificationsRoute })),
);
const AboutRoute = lazy(() =>
  import('../features/info/routes/info-pages').then((m) => ({ default: m.AboutRoute })),
);
const ContactRoute = lazy(() =>
  import('../features/info/routes/info-pages').then((m) => ({ default: m.ContactRoute })),
);
const TermsRoute = lazy(() =>
  import('../features/info/routes/info-pages').then((m) => ({ default: m.TermsRoute })),
);
const PrivacyRoute = lazy(() =>
  import('../features/info/routes/info-pages').then((m) => ({ default: m.PrivacyRoute })),
);
const AccessibilityRoute = lazy(() =>
  import('../features/info/routes/info-pages').then((m) => ({ default: m.AccessibilityRoute })),
);
const UnsubscribeRoute = lazy(() =>
  import('../features/notifications/routes/unsubscribe').then((m) => ({
    default: m.UnsubscribeRoute,
  })),
);
const RenewListingRoute = lazy(() =>
  import('../features/listings/routes/renew-listing').then((m) => ({
    default: m.RenewListingRoute,
  })),
);
const DepositHoldRoute = lazy(() =>
  import('../features/payments/routes/deposit-hold').then((m) => ({
    default: m.DepositHoldRoute,
  })),
);
const DepositDisputesRoute = lazy(() =>
  import('../features/orders/routes/deposit-disputes').then((m) => ({
    default: m.DepositDisputesRoute,
  })),
);
const PaymentDisputesRoute = lazy(() =>
  import('../features/orders/routes/payment-disputes').then((m) => ({
    default: m.PaymentDisputesRoute,
  })),
);
const PaymentRoute = lazy(() =>
  import('../features/payments/routes/payment').then((m) => ({ default: m.PaymentRoute })),
);
const AdminDashboardLayout = lazy(() =>
  import('./layout/dashboard-layouts').then((m) => ({ default: m.AdminDashboardLayout })),
);
const SellerDashboardLayout = lazy(() =>
  import('./layout/dashboard-layouts').then((m) => ({ default: m.SellerDashboardLayout })),
);
const BuyerDashboardLayout = lazy(() =>
  import('./layout/dashboard-layouts').then((m) => ({ default: m.BuyerDashboardLayout })),
);
const AllSellersRoute = lazy(() =>
  import('../features/moderation/routes/all-sellers').then((m) => ({
    default: m.AllSellersRoute,
  })),
);
const AllBuyersRoute = lazy(() =>
  import('../features/moderation/routes/all-buyers').then((m) => ({
    default: m.AllBuyersRoute,
  })),
);
const ReportedProductsRoute = lazy(() =>
  import('../features/moderation/routes/reported-products').then((m) => ({
    default: m.ReportedProductsRoute,
  })),
);
const AllCategoriesRoute = lazy(() =>
  import('../features/moderation/routes/all-categories').then((m) => ({
    default: m.AllCategoriesRoute,
  })),
);
const AddProductRoute = lazy(() =>
  import('./routes/add-product').then((m) => ({ default: m.AddProductRoute })),
);
const EditProductRoute = lazy(() =>
  import('./routes/edit-product').then((m) => ({ default: m.EditProductRoute })),
);
const MyProductsRoute = lazy(() =>
  import('./routes/my-products').then((m) => ({ default: m.MyProductsRoute })),
);
const RiskQueueRoute = lazy(() =>
  import('../features/moderation/routes/risk-queue').then((m) => ({ default: m.RiskQueueRoute })),
);
const AuditLogRoute = lazy(() =>
  import('../features/moderation/routes/audit-log').then((m) => ({ default: m.AuditLogRoute })),
);
const AppealsRoute = lazy(() =>
  import('../features/moderation/routes/appeals').then((m) => ({ default: m.AppealsRoute })),
);
const TransparencyRoute = lazy(() =>
  import('../features/moderation/routes/transparency').then((m) => ({
    default: m.TransparencyRoute,
  })),
);
const SellerBookingsRoute = lazy(() =>
  import('../features/orders/routes/seller-bookings').then((m) => ({
    default: m.SellerBookingsRoute,
  })),
);
const OffersRoute = lazy(() =>
  import('../features/offers/routes/offers').then((m) => ({ default: m.OffersRoute })),
);
// Its chart library (uPlot) is loaded by this page's chunk only.
const SellerInsightsRoute = lazy(() =>
  import('../features/insights/routes/seller-insights').then((m) => ({
    default: m.SellerInsightsRoute,
  })),
);
const DealerImportRoute = lazy(() =>
  import('./routes/dealer-import').then((m) => ({ default: m.DealerImportWithProfileRoute })),
);
const DealerApiKeysRoute = lazy(() =>
  import('./routes/dealer-api-keys').then((m) => ({ default: m.DealerApiKeysWithProfileRoute })),
);
const MessagesRoute = lazy(() =>
  import('./routes/messages').then((m) => ({ default: m.MessagesWithDealRoute })),
);
const MyOrdersRoute = lazy(() =>
  import('./routes/my-orders').then((m) => ({ default: m.MyOrdersWithReviewsRoute })),
);
const FavouritesRoute = lazy(() =>
  import('./routes/favourites').then((m) => ({ default: m.FavouritesRoute })),
);
const SellerProfileRoute = lazy(() =>
  import('./routes/seller-profile').then((m) => ({ default: m.SellerProfileRoute })),
);
const RoleNotFoundRoute = lazy(() =>
  import('../features/errors/routes/role-not-found').then((m) => ({
    default: m.RoleNotFoundRoute,
  })),
);
const SellerNotFoundRoute = lazy(() =>
  import('./routes/seller-not-found').then((m) => ({ default: m.SellerNotFoundRoute })),
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
      { path: paths.listing.path, element: <ListingRoute /> },
      { path: paths.sellerProfile.path, element: <SellerProfileRoute /> },
      { path: paths.about.path, element: <AboutRoute /> },
      { path: paths.contact.path, element: <ContactRoute /> },
      { path: paths.terms.path, element: <TermsRoute /> },
      { path: paths.privacy.path, element: <PrivacyRoute /> },
      { path: paths.accessibility.path, element: <AccessibilityRoute /> },
      { path: paths.transparency.path, element: <TransparencyRoute /> },
      { path: paths.unsubscribe.path, element: <UnsubscribeRoute /> },
      { path: paths.renewListing.path, element: <RenewListingRoute /> },
      { path: paths.search.path, element: <SearchRoute /> },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.category.path, element: <CategoryRoute /> },
          { path: paths.payment.path, element: <PaymentRoute /> },
          { path: paths.depositHold.path, element: <DepositHoldRoute /> },
          { path: paths.messages.path, element: <MessagesRoute /> },
          { path: paths.savedSearches.path, element: <SavedSearchesRoute /> },
          { path: paths.conversation.path, element: <MessagesRoute /> },
          { path: paths.favourites.path, element: <FavouritesRoute /> },
          { path: paths.profile.path, element: <ProfileRoute /> },
          {
            element: <RequireRole role="seller" />,
            children: [
              {
                element: <SellerDashboardLayout />,
                children: [
                  { path: paths.sellerAddProduct.path, element: <AddProductRoute /> },
                  { path: paths.sellerProducts.path, element: <MyProductsRoute /> },
                  { path: paths.sellerEditProduct.path, element: <EditProductRoute /> },
                  { path: paths.sellerBookings.path, element: <SellerBookingsRoute /> },
                  { path: paths.sellerOffers.path, element: <OffersRoute role="seller" /> },
                  { path: paths.sellerInsights.path, element: <SellerInsightsRoute /> },
                  { path: paths.sellerImport.path, element: <DealerImportRoute /> },
                  { path: paths.sellerApiKeys.path, element: <DealerApiKeysRoute /> },
                ],
              },
            ],
          },
          {
            element: <RequireRole role="buyer" />,
            children: [
              {
                element: <BuyerDashboardLayout />,
                children: [
                  { path: paths.buyerOrders.path, element: <MyOrdersRoute /> },
                  { path: paths.buyerOffers.path, element: <OffersRoute role="buyer" /> },
                ],
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
              { path: paths.adminCategories.path, element: <AllCategoriesRoute /> },
              { path: paths.adminDepositDisputes.path, element: <DepositDisputesRoute /> },
              { path: paths.adminPaymentDisputes.path, element: <PaymentDisputesRoute /> },
              { path: paths.adminAppeals.path, element: <AppealsRoute /> },
              { path: paths.adminRisk.path, element: <RiskQueueRoute /> },
              { path: paths.adminAuditLog.path, element: <AuditLogRoute /> },
            ],
          },
        ],
      },
      { path: paths.adminNotFound.path, element: <RoleNotFoundRoute role="admin" /> },
      { path: paths.sellerNotFound.path, element: <SellerNotFoundRoute /> },
      { path: paths.buyerNotFound.path, element: <RoleNotFoundRoute role="buyer" /> },
      { path: paths.notFound.path, element: <NotFoundRoute /> },
    ],
  },
];

/** Renders the page of the current URL. */
export function AppRoutes() {
  return useRoutes(routes);
}
