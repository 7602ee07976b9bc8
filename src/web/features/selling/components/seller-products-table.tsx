/**
 * My Products (docs/product.md §2 Seller dashboard, §5 Confirmations, §8): the seller's products in a table
 * with No., Product Image, Product Name, Category Name, Price (dollars), Status (SOLD or UNSOLD),
 * Advertise (a Promote button; "Promoted" once promoted or sold) and Action (Delete). Promote and
 * Delete ask "Confirm" / "Don't Confirm" first; then they show the spec's success or failure
 * dialog and the lists that show the product are refreshed. Empty text: "You have not placed any
 * order yet!". Beside the spec: the name links to the listing page, an Edit link to
 * /user/seller/products/{id}/edit and the listing-state actions (`ListingStateActions`, also on
 * the owner's listing page).
 *
 * Below 1280 px (a phone, a tablet, a laptop beside the dashboard sidebar) the table does not fit:
 * each product is a compact card instead (decision 0052) with the same facts — its number, photo,
 * name, category, price, SOLD/UNSOLD and Promoted as pills — Edit as its one main action, and
 * Promote, the listing-state actions and Delete under "More actions".
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ActionMenu } from '#web/components/action-menu';
import { ErrorMessage } from '#web/components/error-message';
import { ProgressBar } from '#web/components/progress-bar';
import { confirmAction, showFailure, showSuccess } from '#web/components/dialogs';
import { LocalTime } from '#web/components/local-time';
import type { Product } from '#contract/entities';
import { listingStates, type ListingStatus } from '#contract/listing-state';
import { formatDollars } from '#contract/money';
import { promoteMessages } from '#contract/selling';
import { useAuth } from '#web/lib/auth/auth-context';
import { paths } from '#web/lib/paths';
import { useMediaQuery } from '#web/lib/use-media-query';
import { useSellerProducts } from '../api/get-seller-products';
import { useDeleteProduct, usePromoteProduct } from '../api/product-actions';
import {
  ListingStateActions,
  sellerActionTexts,
  useListingStateActions,
} from './listing-state-actions';

/** The listing state as My Products names it: its record's `sellerLabel` (decision 0053). */
export const listingStateLabel = (status: ListingStatus): string =>
  listingStates[status].sellerLabel;

/** Tailwind's `xl` (80rem): from here the table with every column fits beside the sidebar. */
const tableQuery = '(min-width: 80rem)';

export function SellerProductsTable() {
  const wide = useMediaQuery(tableQuery);
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
      // docs/product.md §8: the server's message (ApiError carries it), else the error's, else ours.
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
  if (!wide) {
    return (
      <ul className="grid gap-3 md:grid-cols-2" aria-label="My Products">
        {products.map((product, index) => (
          <SellerProductCard
            key={product._id}
            product={product}
            number={index + 1}
            busy={busyId === product._id}
            onPromote={() => void handlePromote(product)}
            onDelete={() => void handleDelete(product)}
          />
        ))}
      </ul>
    );
  }
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
                      {listingStateLabel(product.listing_status)}
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
                    className="btn btn-sm btn-outline btn-error"
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

interface SellerProductCardProps {
  product: Product;
  /** The spec's No. column: its place in the list, from 1. */
  number: number;
  busy: boolean;
  onPromote: () => void;
  onDelete: () => void;
}

/** One product as a compact card (below 1280 px): Edit, and the rest under "More actions". */
function SellerProductCard({ product, number, busy, onPromote, onDelete }: SellerProductCardProps) {
  const stateActions = useListingStateActions({ product, disabled: busy });
  const canPromote = !product.promote && !product.order_status;
  const actions: ReactNode[] = [
    canPromote && (
      <button
        key="promote"
        type="button"
        className="btn btn-sm btn-outline btn-primary"
        disabled={busy}
        onClick={onPromote}
      >
        Promote
      </button>
    ),
    ...stateActions,
    <button
      key="delete"
      type="button"
      className="btn btn-sm btn-ghost text-error"
      disabled={busy}
      onClick={onDelete}
    >
      Delete
    </button>,
  ];
  return (
    <li
      className="flex gap-3 rounded-box border border-base-300 bg-base-100 p-3"
      data-testid="seller-product"
    >
      <img
        src={product.product_image}
        alt={product.product_name}
        width={64}
        height={64}
        loading="lazy"
        className="size-16 shrink-0 rounded-box object-cover"
      />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex items-baseline gap-2">
          <span className="text-sm text-base-content/70">
            <span className="sr-only">No. </span>
            {number}
          </span>
          <Link
            to={paths.listing.href(product._id)}
            className="link min-w-0 font-semibold break-words link-hover"
          >
            {product.product_name}
          </Link>
        </p>
        <p className="text-sm break-words">
          {product.category_name} ·{' '}
          <span className="font-medium">{formatDollars(product.resell_price)}</span>
        </p>
        <div className="flex flex-wrap items-center gap-1 text-xs">
          <span
            className={`badge badge-sm font-semibold ${product.order_status ? 'badge-neutral' : 'badge-ghost'}`}
          >
            {product.order_status ? 'SOLD' : 'UNSOLD'}
          </span>
          {product.listing_status !== 'active' && !product.order_status && (
            <span className="badge badge-sm badge-warning" data-testid="listing-state">
              {listingStateLabel(product.listing_status)}
            </span>
          )}
          {(product.promote || product.order_status) && (
            <span className="badge badge-sm badge-success">Promoted</span>
          )}
          {!product.order_status && (
            <span className="text-base-content/70">
              {sellerActionTexts.expires} <LocalTime value={product.expires_at} />
            </span>
          )}
        </div>
        <div className="flex items-center justify-between gap-2 pt-1">
          <Link
            to={paths.sellerEditProduct.href(product._id)}
            className="btn btn-sm btn-outline"
            aria-label={`Edit ${product.product_name}`}
          >
            Edit
          </Link>
          <ActionMenu label={`More actions for ${product.product_name}`}>{actions}</ActionMenu>
        </div>
      </div>
    </li>
  );
}
