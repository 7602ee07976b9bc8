/**
 * /user/admin/reported-product, Reported Product (docs/product.md §2 Admin dashboard): the reported
 * products, most reported first, with Mark safe and Delete.
 */
import { DashboardPage } from '#web/components/dashboard-page';
import { ReportedProductsTable } from '../components/reported-products-table';

export function ReportedProductsRoute() {
  return (
    <DashboardPage heading="Reported Product">
      <ReportedProductsTable />
    </DashboardPage>
  );
}
