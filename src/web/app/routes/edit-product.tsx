/**
 * /user/seller/products/{id}/edit, composed from the selling feature's product form (its `edit`
 * mode) and the catalogue's category list. The listing comes from the seller's own list (GET
 * /api/products), so another seller's or a removed listing is simply not found here (the server
 * refuses such an edit with 403/404 anyway).
 */
import { useParams } from 'react-router';
import { DashboardPage } from '../../components/dashboard-page';
import { ErrorMessage } from '../../components/error-message';
import { NotFound } from '../../components/not-found';
import { ProgressBar } from '../../components/progress-bar';
import { useCategories } from '../../features/catalog/api/get-categories';
import { useSellerProducts } from '../../features/selling/api/get-seller-products';
import { ProductForm } from '../../features/selling/components/product-form';
import { useAuth } from '../../lib/auth/auth-context';

export function EditProductRoute() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const products = useSellerProducts(user?.uid ?? '');
  const categories = useCategories();
  if (products.isPending || categories.isPending) {
    return <ProgressBar label="Loading the product" />;
  }
  if (products.error) return <ErrorMessage error={products.error} />;
  const product = products.data.find((item) => item._id === id);
  if (!product) return <NotFound />;
  return (
    <DashboardPage heading="Edit Product">
      <ProductForm key={product._id} mode="edit" product={product} categories={categories.data} />
    </DashboardPage>
  );
}
