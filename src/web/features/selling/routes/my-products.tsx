/** /user/seller/all-products, My Products (spec §2: its heading also reads "All order List"). */
import { DashboardPage } from '../../../components/dashboard-page';
import { SellerProductsTable } from '../components/seller-products-table';

export function MyProductsRoute() {
  return (
    <DashboardPage heading="All order List">
      <SellerProductsTable />
    </DashboardPage>
  );
}
