/** /user/admin/buyers, all buyers (spec §2): placeholder until its issue builds the page. */
import { DashboardPage } from '../components/dashboard-page';

export function AllBuyersRoute() {
  return <DashboardPage heading="All Buyer" />;
}
