/** /user/seller, Add A Product (spec §2 Seller dashboard, §5): the product form. */
import { AddProductForm } from '../../selling/components/add-product-form';
import { DashboardPage } from '../components/dashboard-page';

export function AddProductRoute() {
  return (
    <DashboardPage heading="Add A Product">
      <AddProductForm />
    </DashboardPage>
  );
}
