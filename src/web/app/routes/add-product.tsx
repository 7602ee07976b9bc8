/**
 * /user/seller, Add A Product (docs/product.md §2 Seller dashboard, §5), composed from two features: the
 * selling feature's product form (its `add` mode), and the catalogue's category list for its Category select.
 */
import { DashboardPage } from '../../components/dashboard-page';
import { useCategories } from '../../features/catalog/api/get-categories';
import { ProductForm } from '../../features/selling/components/product-form';

export function AddProductRoute() {
  const { data: categories, isPending } = useCategories();
  return (
    <DashboardPage heading="Add A Product">
      <ProductForm mode="add" categories={categories} categoriesLoading={isPending} />
    </DashboardPage>
  );
}
