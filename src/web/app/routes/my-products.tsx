/**
 * /user/seller/all-products, My Products (docs/product.md §2: its heading also reads "All order List"): the
 * seller's products table (selling feature) and, below it, the listings removed by moderation
 * with their statements of reasons and appeals (moderation feature).
 */
import { DashboardPage } from '../../components/dashboard-page';
import { RemovedListings } from '../../features/moderation/components/removed-listings';
import { SellerProductsTable } from '../../features/selling/components/seller-products-table';

export function MyProductsRoute() {
  return (
    <DashboardPage heading="All order List">
      <SellerProductsTable />
      <RemovedListings />
    </DashboardPage>
  );
}
