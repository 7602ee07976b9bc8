/**
 * My Products (spec §2 Seller dashboard, §5 Confirmations, §8): the seller's products in a table
 * with No., Product Image, Product Name, Category Name, Price (dollars), Status (SOLD or UNSOLD),
 * Advertise (a Promote button; "Promoted" once promoted or sold) and Action (Delete). Promote and
 * Delete ask "Confirm" / "Don't Confirm" first; then they show the spec's success or failure
 * dialog and the lists that show the product are refreshed. Empty text: "You have not placed any
 * order yet!".
 */
import { ErrorMessage } from '../../../components/error-message';
import { ProgressBar } from '../../../components/progress-bar';
import { confirmAction, showFailure, showSuccess } from '../../../components/dialogs';
import type { Product } from '../../../../contract/entities';
import { formatDollars } from '../../../../contract/money';
import { promoteMessages } from '../../../../contract/selling';
import { useAuth } from '../../auth/lib/auth-context';
import { useSellerProducts } from '../api/get-seller-products';
import { useDeleteProduct, usePromoteProduct } from '../api/product-actions';

/** Spec §8 texts of the seller's actions. */
export const sellerActionTexts = {
  promoted: 'Promoted Success!',
  promoteFailed: 'Error',
  deleted: 'Deleted Successfully!',
  failed: 'Something went wrong, please try again',
  empty: 'You have not placed any order yet!',
} as const;

export function SellerProductsTable() {
  const { user } = useAuth();
  const uid = user?.uid ?? '';
  const { data: products, error, isPending } = useSellerProducts(uid);
  const promote = usePromoteProduct();
  const remove = useDeleteProduct();

  const handlePromote = async (product: Product) => {
    if (!(await confirmAction(`Promote ${product.product_name}?`))) return;
    try {
      const { message } = await promote.mutateAsync({ uid, productId: product._id });
      await showSuccess(sellerActionTexts.promoted, message || promoteMessages.promoted);
    } catch (failure) {
      // Spec §8: the server's message (ApiError carries it), else the error's, else ours.
      const text = failure instanceof Error && failure.message ? failure.message : undefined;
      await showFailure(sellerActionTexts.promoteFailed, text || sellerActionTexts.failed);
    }
  };

  const handleDelete = async (product: Product) => {
    if (!(await confirmAction(`Delete ${product.product_name}?`))) return;
    try {
      const { deletedCount } = await remove.mutateAsync({ uid, productId: product._id });
      if (deletedCount > 0) await showSuccess(sellerActionTexts.deleted);
      else await showFailure(sellerActionTexts.failed);
    } catch {
      await showFailure(sellerActionTexts.failed);
    }
  };

  if (isPending) return <ProgressBar label="Loading your products" />;
  if (error) return <ErrorMessage error={error} />;
  if (products.length === 0) return <p className="py-6 text-lg">{sellerActionTexts.empty}</p>;

  const busyId =
    (promote.isPending && promote.variables?.productId) ||
    (remove.isPending && remove.variables?.productId);
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table" aria-label="My Products">
        <thead className="text-base-content">
          <tr>
            <th scope="col">No.</th>
            <th scope="col">Product Image</th>
            <th scope="col">Product Name</th>
            <th scope="col">Category Name</th>
            <th scope="col">Price</th>
            <th scope="col">Status</th>
            <th scope="col">Advertise</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {products.map((product, index) => (
            <tr key={product._id} data-testid="seller-product">
              <th scope="row">{index + 1}</th>
              <td>
                <img
                  src={product.product_image}
                  alt={product.product_name}
                  width={56}
                  height={56}
                  loading="lazy"
                  className="size-14 rounded-box object-cover"
                />
              </td>
              <td className="max-w-xs break-words">{product.product_name}</td>
              <td>{product.category_name}</td>
              <td>{formatDollars(product.resell_price)}</td>
              <td>{product.order_status ? 'SOLD' : 'UNSOLD'}</td>
              <td>
                {product.promote || product.order_status ? (
                  <span className="badge badge-success">Promoted</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-sm btn-primary"
                    disabled={busyId === product._id}
                    onClick={() => void handlePromote(product)}
                  >
                    Promote
                  </button>
                )}
              </td>
              <td>
                <button
                  type="button"
                  className="btn btn-sm btn-error"
                  disabled={busyId === product._id}
                  onClick={() => void handleDelete(product)}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
