/**
 * A seller's availability and listing-state actions on an own listing (decision 0027), shared by
 * My Products and the owner's view of the listing page (decision 0035): the Unavailable toggle
 * (off the market and back), Reserve / Unreserve, Sold elsewhere (with what it sold for,
 * optional) and Renew. A refused change shows the spec's failure dialog with the server's message
 * (docs/product.md §8 "Something went wrong, please try again"); every change refreshes the lists and pages
 * that show the listing. SweetAlert2 comes with it: import it from lazy chunks only.
 */
import type { ReactElement } from 'react';
import { confirmWithAmount, showFailure, showSuccess } from '#web/components/dialogs';
import type { Product } from '#contract/entities';
import { listingStates, type SellerListingAction } from '#contract/listing-state';
import { useRenewListing, useSetAvailability, useSetListingStatus } from '../api/product-actions';

/** docs/product.md §8 texts of the seller's actions, and the names of the listing-state actions. */
export const sellerActionTexts = {
  promoted: 'Promoted Success!',
  promoteFailed: 'Error',
  deleted: 'Deleted Successfully!',
  failed: 'Something went wrong, please try again',
  empty: 'You have not placed any order yet!',
  reserve: 'Reserve',
  unreserve: 'Unreserve',
  soldElsewhere: 'Sold elsewhere',
  soldElsewhereTitle: 'Mark as sold elsewhere?',
  soldElsewhereConsequence: 'The listing leaves the market, marked sold.',
  promoteConsequence:
    'Promoted listings are shown first, in the Sponsored section of the home page, while they are on the market. Promotion is free.',
  deleteConsequence: 'The listing leaves the market and My Products for good.',
  soldPriceLabel: 'What did it sell for? (US dollars, optional)',
  renew: 'Renew',
  renewed: 'Listing renewed',
  expires: 'Expires',
  unavailable: 'Unavailable',
} as const;

/** What the actions read of a listing: My Products' rows and the listing page both have it. */
export type OwnListingState = Pick<
  Product,
  '_id' | 'product_name' | 'order_status' | 'unavailable' | 'listing_status'
>;

export interface ListingStateActionsProps {
  product: OwnListingState;
  /** True while another action on this listing runs (e.g. My Products' Promote or Delete). */
  disabled?: boolean;
}

/** The failure dialog with the server's message (ApiError carries it), if any. */
async function showActionFailure(failure: unknown): Promise<void> {
  const text = failure instanceof Error && failure.message ? failure.message : undefined;
  await showFailure(sellerActionTexts.failed, text);
}

/**
 * The toggle and buttons, as siblings (a fragment): the caller lays them out in its own row.
 * Which are offered is the state's `sellerActions`: the toggle is always there, disabled where the
 * state allows neither taking off the market nor putting back (sold, expired, removed).
 */
export function ListingStateActions(props: ListingStateActionsProps) {
  return <>{useListingStateActions(props)}</>;
}

/**
 * The same actions as an array of keyed elements, one per action, for a list that wraps each in
 * its own item (My Products' "More actions" on a phone, decision 0052).
 */
export function useListingStateActions({
  product,
  disabled = false,
}: ListingStateActionsProps): ReactElement[] {
  const availability = useSetAvailability();
  const setStatus = useSetListingStatus();
  const renew = useRenewListing();
  const busy = disabled || availability.isPending || setStatus.isPending || renew.isPending;

  const handleStatus = async (status: 'active' | 'reserved') => {
    try {
      await setStatus.mutateAsync({ productId: product._id, body: { status } });
    } catch (failure) {
      await showActionFailure(failure);
    }
  };

  const handleSoldElsewhere = async () => {
    const answer = await confirmWithAmount(
      {
        title: sellerActionTexts.soldElsewhereTitle,
        consequence: sellerActionTexts.soldElsewhereConsequence,
        tone: 'default',
      },
      sellerActionTexts.soldPriceLabel,
    );
    if (!answer) return;
    try {
      await setStatus.mutateAsync({
        productId: product._id,
        body:
          answer.amount === undefined
            ? { status: 'sold' }
            : { status: 'sold', sold_price: Math.round(answer.amount * 100) / 100 },
      });
    } catch (failure) {
      await showActionFailure(failure);
    }
  };

  const handleRenew = async () => {
    try {
      await renew.mutateAsync(product._id);
      await showSuccess(sellerActionTexts.renewed);
    } catch (failure) {
      await showActionFailure(failure);
    }
  };

  const handleAvailability = async (unavailable: boolean) => {
    try {
      await availability.mutateAsync({ productId: product._id, unavailable });
    } catch {
      await showFailure(sellerActionTexts.failed);
    }
  };

  // What the seller may do here is the state's record (src/contract/listing-state.ts).
  const actions: readonly SellerListingAction[] =
    listingStates[product.listing_status].sellerActions;
  const may = (action: SellerListingAction) => actions.includes(action);
  const reservable = may('reserve') || may('release');
  return [
    <label key="unavailable" className="flex min-h-8 cursor-pointer items-center gap-1 text-sm">
      <input
        type="checkbox"
        className="toggle toggle-sm toggle-warning"
        checked={product.unavailable}
        disabled={!(may('takeOffMarket') || may('putBack')) || busy}
        onChange={(event) => void handleAvailability(event.target.checked)}
      />
      {sellerActionTexts.unavailable}
    </label>,
    reservable && (
      <button
        key="reserve"
        type="button"
        className="btn btn-sm btn-outline"
        disabled={busy}
        onClick={() => void handleStatus(may('release') ? 'active' : 'reserved')}
      >
        {may('release') ? sellerActionTexts.unreserve : sellerActionTexts.reserve}
      </button>
    ),
    may('markSoldElsewhere') && (
      <button
        key="sold-elsewhere"
        type="button"
        className="btn btn-sm btn-outline"
        disabled={busy}
        onClick={() => void handleSoldElsewhere()}
      >
        {sellerActionTexts.soldElsewhere}
      </button>
    ),
    may('renew') && (
      <button
        key="renew"
        type="button"
        className="btn btn-sm btn-outline"
        disabled={busy}
        onClick={() => void handleRenew()}
      >
        {sellerActionTexts.renew}
      </button>
    ),
  ].filter((action): action is ReactElement => Boolean(action));
}
