/** /user/admin/reported-product, reported products (spec §2): placeholder until its issue builds the page. */
import { DashboardPage } from '../components/dashboard-page';

export function ReportedProductsRoute() {
  return <DashboardPage heading="Reported Product" />;
}
