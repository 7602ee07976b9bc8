/** /user/seller/all-products, My Products (spec §2: its heading also reads "All order List"). */
import { SellerProductsTable } from '../../selling/components/seller-products-table';
import { DashboardPage } from '../components/dashboard-page';

export function MyProductsRoute() {
  return (
    <DashboardPage heading="All order List">
      <SellerProductsTable />
    </DashboardPage>
  );
}
