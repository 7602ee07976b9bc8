/** The three dashboards' shells with their sidebar links (spec §2); their pages nest inside. */
import { DashboardLayout } from '../../components/dashboard-layout';
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
  { to: paths.sellerImport.href(), label: 'Import' },
] as const;

const buyerLinks = [
  { to: paths.buyerOrders.href(), label: 'My Orders' },
  { to: paths.buyerOffers.href(), label: 'My Offers' },
] as const;

export function AdminDashboardLayout() {
  return <DashboardLayout title="Admin dashboard" links={adminLinks} smallScreen="dropdown" />;
}

export function SellerDashboardLayout() {
  return <DashboardLayout title="Seller dashboard" links={sellerLinks} smallScreen="drawer" />;
}

export function BuyerDashboardLayout() {
  return <DashboardLayout title="Buyer dashboard" links={buyerLinks} smallScreen="drawer" />;
}
