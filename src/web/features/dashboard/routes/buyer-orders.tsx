/** /user/buyer, the buyer's orders (spec §2): placeholder until its issue builds the page. */
import { DashboardPage } from '../components/dashboard-page';

export function MyOrdersRoute() {
  return <DashboardPage heading="All order List" />;
}
