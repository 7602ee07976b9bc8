/** /user/admin/buyers, All Buyer (docs/product.md §2 Admin dashboard): every buyer, with Delete. */
import { DashboardPage } from '#web/components/dashboard-page';
import { UsersTable } from '../components/users-table';

export function AllBuyersRoute() {
  return (
    <DashboardPage heading="All Buyer">
      <UsersTable role="buyer" />
    </DashboardPage>
  );
}
