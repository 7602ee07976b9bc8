/** The three dashboards' shells with their sidebar links (docs/product.md §2); their pages nest inside. */
import { Link } from 'react-router';
import { DashboardLayout } from '../../components/dashboard-layout';
import { useProfile } from '../../features/accounts/api/profile';
import { paths } from '../../lib/paths';

const adminLinks = [
  { to: paths.adminSellers.href(), label: 'All Seller' },
  { to: paths.adminBuyers.href(), label: 'All Buyer' },
  { to: paths.adminReportedProducts.href(), label: 'Reported Product' },
  { to: paths.adminAppeals.href(), label: 'Appeals' },
  { to: paths.adminRisk.href(), label: 'Risk' },
  { to: paths.adminCategories.href(), label: 'Categories' },
  { to: paths.adminDepositDisputes.href(), label: 'Deposit disputes' },
  { to: paths.adminPaymentDisputes.href(), label: 'Payment disputes' },
  { to: paths.adminAuditLog.href(), label: 'Audit log' },
] as const;

const sellerLinks = [
  { to: paths.sellerAddProduct.href(), label: 'Add A Product' },
  { to: paths.sellerProducts.href(), label: 'My Products' },
  { to: paths.sellerBookings.href(), label: 'Bookings' },
  { to: paths.sellerOffers.href(), label: 'Offers' },
  { to: paths.sellerInsights.href(), label: 'Insights' },
] as const;

/** The dealer tools (docs/features.md "Dealers"): for business sellers only. */
const businessLinks = [
  { to: paths.sellerImport.href(), label: 'Import' },
  { to: paths.sellerApiKeys.href(), label: 'API keys' },
] as const;

/** What a private seller sees instead of the dealer tools. */
export const becomeBusinessText = {
  lead: 'Selling as a business?',
  link: 'Add your trader details',
  rest: 'to import your stock and use API keys.',
} as const;

const buyerLinks = [
  { to: paths.buyerOrders.href(), label: 'My Orders' },
  { to: paths.buyerOffers.href(), label: 'My Offers' },
] as const;

export function AdminDashboardLayout() {
  return <DashboardLayout title="Admin dashboard" links={adminLinks} smallScreen="dropdown" />;
}

/**
 * The seller dashboard: the dealer tools (Import, API keys) for a business seller; a private
 * seller is told how to become one instead. Nothing of either until the profile has loaded.
 */
export function SellerDashboardLayout() {
  const profile = useProfile();
  const business = profile.data?.seller_type === 'business';
  return (
    <DashboardLayout
      title="Seller dashboard"
      links={business ? [...sellerLinks, ...businessLinks] : sellerLinks}
      smallScreen="drawer"
      footer={
        profile.data && !business ? (
          <p className="px-4 text-sm" data-testid="become-business">
            {becomeBusinessText.lead}{' '}
            <Link className="link" to={`${paths.profile.href()}#business-seller`}>
              {becomeBusinessText.link}
            </Link>{' '}
            {becomeBusinessText.rest}
          </p>
        ) : undefined
      }
    />
  );
}

export function BuyerDashboardLayout() {
  return <DashboardLayout title="Buyer dashboard" links={buyerLinks} smallScreen="drawer" />;
}
