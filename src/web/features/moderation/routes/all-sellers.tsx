/** /user/admin, All Seller (docs/product.md §2 Admin dashboard): every seller, with Verify and Delete. */
import { DashboardPage } from '#web/components/dashboard-page';
import { UsersTable } from '../components/users-table';

export function AllSellersRoute() {
  return (
    <DashboardPage heading="All Seller">
      <UsersTable role="seller" />
    </DashboardPage>
  );
}
