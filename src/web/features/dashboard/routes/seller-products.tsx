/** /user/seller/all-products, the seller's products (spec §2): placeholder until its issue builds the page. */
import { DashboardPage } from '../components/dashboard-page';

export function MyProductsRoute() {
  return <DashboardPage heading="All order List" />;
}
