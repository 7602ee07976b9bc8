/** /user/admin, all sellers (spec §2): placeholder until its issue builds the page. */
import { DashboardPage } from '../components/dashboard-page';

export function AllSellersRoute() {
  return <DashboardPage heading="All Seller" />;
}
