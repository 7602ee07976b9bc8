/**
 * My Products (spec §2 Seller dashboard, §5 Confirmations, §8): the seller's products in a table
 * with No., Product Image, Product Name, Category Name, Price (dollars), Status (SOLD or UNSOLD),
 * Advertise (a Promote button; "Promoted" once promoted or sold) and Action (Delete). Promote and
 * Delete ask "Confirm" / "Don't Confirm" first; then they show the spec's success or failure
 * dialog and the lists that show the product are refreshed. Empty text: "You have not placed any
 * order yet!". Beside the spec: the name links to the listing page, an Edit link to
 * /user/seller/products/{id}/edit and the listing-state actions (`ListingStateActions`, also on
 * the owner's listing page).
 */
import { Link } from 'react-router';
import { ErrorMessage } from '#web/components/error-message';
import { ProgressBar } from '#web/components/progress-bar';
import { confirmAction, showFailure, showSuccess } from '#web/components/dialogs';
import { LocalTime } from '#web/components/local-time';
import type { Product } from '#contract/entities';
import { formatDollars } from '#contract/money';
import { promoteMessages } from '#contract/selling';
import { useAuth } from '#web/lib/auth/auth-context';
import { paths } from '#web/lib/paths';
import { useSellerProducts } from '../api/get-seller-products';
import { useDeleteProduct, usePromoteProduct } from '../api/product-actions';
import { ListingStateActions, sellerActionTexts } from './listing-state-actions';

/** The listing state as My Products names it (decision 0027). */
export const listingStateLabels = {
  active: 'On the market',
  reserved: 'Reserved',
  sold: 'Sold',
  unavailable: 'Unavailable',
  expired: 'Expired',
  removed: 'Removed',
} as const;

export function SellerProductsTable() {
  const { user } = useAuth();
  const uid = user?.uid ?? '';
  const { data: products, error, isPending } = useSellerProducts(uid);
  const promote = usePromoteProduct();
  const remove = useDeleteProduct();

  const handlePromote = async (product: Product) => {
    const confirmed = await confirmAction({
      title: `Promote ${product.product_name}?`,
      consequence: sellerActionTexts.promoteConsequence,
      tone: 'default',
    });
    if (!confirmed) return;
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
    const confirmed = await confirmAction({
      title: `Delete ${product.product_name}?`,
      consequence: sellerActionTexts.deleteConsequence,
      tone: 'destructive',
    });
    if (!confirmed) return;
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
      <table className="stack-table table" aria-label="My Products">
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
              <th scope="row" data-label="No.">
                {index + 1}
              </th>
              <td data-label="Product Image">
                <img
                  src={product.product_image}
                  alt={product.product_name}
                  width={56}
                  height={56}
                  loading="lazy"
                  className="size-14 rounded-box object-cover"
                />
              </td>
              <td className="max-w-xs break-words" data-label="Product Name">
                <Link to={paths.listing.href(product._id)} className="link link-hover">
                  {product.product_name}
                </Link>
              </td>
              <td data-label="Category Name">{product.category_name}</td>
              <td data-label="Price">{formatDollars(product.resell_price)}</td>
              <td data-label="Status">
                <div className="flex flex-col gap-1">
                  <span>{product.order_status ? 'SOLD' : 'UNSOLD'}</span>
                  {product.listing_status !== 'active' && !product.order_status && (
                    <span className="badge badge-warning badge-sm" data-testid="listing-state">
                      {listingStateLabels[product.listing_status]}
                    </span>
                  )}
                  {!product.order_status && (
                    <span className="text-xs text-base-content/70">
                      {sellerActionTexts.expires} <LocalTime value={product.expires_at} />
                    </span>
                  )}
                </div>
              </td>
              <td data-label="Advertise">
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
              <td data-label="Action">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={paths.sellerEditProduct.href(product._id)}
                    className="btn btn-sm btn-outline"
                  >
                    Edit
                  </Link>
                  <ListingStateActions product={product} disabled={busyId === product._id} />
                  <button
                    type="button"
                    className="btn btn-sm btn-error"
                    disabled={busyId === product._id}
                    onClick={() => void handleDelete(product)}
                  >
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
