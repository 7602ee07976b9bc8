/** /user/seller, the Add A Product form (spec §2): placeholder until its issue builds the page. */
import { DashboardPage } from '../components/dashboard-page';

export function AddProductRoute() {
  return <DashboardPage heading="Add A Product" />;
}
