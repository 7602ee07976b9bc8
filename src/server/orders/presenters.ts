/**
 * What of an order leaves the server: docs/product.md §3 Order, the price in dollars, and
 * `booked_at`, `booking_state` and `decline_message` beside it.
 */
import {
  bookingStateOf,
  centsToDollars,
  depositAutoReleaseMs,
  depositDisputeWindowMs,
  type DepositView,
  type Order,
  type PaymentView,
  type Viewing,
} from '#contract/index.js';
import type { OrderRow } from './repository.js';

/** Who reads an order: its buyer sees the handover code, its seller never. */
export interface OrderViewer {
  viewer: 'buyer' | 'seller';
  /** Days before held money is released automatically (config PAYMENT_RELEASE_DAYS). */
  releaseDays: number;
}

export function presentOrder(row: OrderRow, { viewer, releaseDays }: OrderViewer): Order {
  const payment = presentPayment(row, releaseDays);
  return {
    _id: row.id,
    customer_info: {
      customer_name: row.customerName,
      customer_email: row.customerEmail,
      customer_uid: row.customerUid,
      customer_phone: row.customerPhone,
      meeting_location: row.meetingLocation,
    },
    product_info: {
      product_name: row.productName,
      product_image: row.productImage,
      product_price: centsToDollars(row.productPriceCents),
      product_id: row.productId,
      product_category: row.productCategory,
      product_category_id: row.productCategoryId,
    },
    seller_info: {
      seller_name: row.sellerName,
      seller_phone: row.sellerPhone,
      seller_email: row.sellerEmail,
      seller_uid: row.sellerUid,
      seller_image: row.sellerImage,
      seller_location: row.sellerLocation,
    },
    order_status: row.paid,
    booked_at: row.createdAt.toISOString(),
    booking_state: bookingState(row),
    decline_message: row.declineMessage,
    reviewed: row.reviewed,
    deposit: presentDeposit(row),
    viewing: presentViewing(row),
    payment,
    handover_code:
      viewer === 'buyer' && payment?.status === 'held' ? row.paymentHandoverCode : null,
  };
}

/** The payment columns an order view needs (decision 0042). */
export type PaymentColumns = Pick<
  OrderRow,
  | 'paymentStatus'
  | 'paymentAmountCents'
  | 'paymentHeldAt'
  | 'paymentReleasedAt'
  | 'paymentRefundedAt'
  | 'paymentHandedOverAt'
  | 'paymentDisputeReason'
  | 'paymentDecisionNote'
  | 'paymentBillOfSaleSha256'
>;

/** The order's protected payment, or null before payment. */
export function presentPayment(row: PaymentColumns, releaseDays: number): PaymentView | null {
  if (row.paymentStatus === null || row.paymentAmountCents === null || !row.paymentHeldAt) {
    return null;
  }
  const held = row.paymentStatus === 'held';
  return {
    status: row.paymentStatus,
    amount: centsToDollars(row.paymentAmountCents),
    held_at: row.paymentHeldAt.toISOString(),
    released_at: row.paymentReleasedAt?.toISOString() ?? null,
    refunded_at: row.paymentRefundedAt?.toISOString() ?? null,
    release_by: held
      ? new Date(row.paymentHeldAt.getTime() + releaseDays * 86_400_000).toISOString()
      : null,
    awaiting_payout: held && row.paymentHandedOverAt !== null,
    dispute_reason: row.paymentDisputeReason,
    decision_note: row.paymentDecisionNote,
    bill_of_sale_sha256: row.paymentBillOfSaleSha256,
  };
}

/** The booking's viewing time (decision 0034), or null when none was proposed. */
export function presentViewing(
  row: Pick<OrderRow, 'viewingAt' | 'viewingStatus' | 'viewingProposedBy'>,
): Viewing | null {
  if (!row.viewingAt || !row.viewingStatus || !row.viewingProposedBy) return null;
  return {
    at: row.viewingAt.toISOString(),
    status: row.viewingStatus,
    proposed_by: row.viewingProposedBy,
  };
}

/** The booking's deposit, with the dispute and auto-release deadlines; null if none. */
export function presentDeposit(
  row: Pick<
    OrderRow,
    | 'depositAmountCents'
    | 'depositState'
    | 'depositHeldAt'
    | 'depositCapturedAt'
    | 'depositDisputeReason'
    | 'depositDecisionNote'
  >,
): DepositView | null {
  if (row.depositAmountCents === null || row.depositState === null) return null;
  const at = (date: Date | null, plusMs: number) =>
    date ? new Date(date.getTime() + plusMs).toISOString() : null;
  return {
    amount: centsToDollars(row.depositAmountCents),
    state: row.depositState,
    held_at: row.depositHeldAt?.toISOString() ?? null,
    captured_at: row.depositCapturedAt?.toISOString() ?? null,
    dispute_until:
      row.depositState === 'captured' ? at(row.depositCapturedAt, depositDisputeWindowMs) : null,
    release_by: row.depositState === 'held' ? at(row.depositHeldAt, depositAutoReleaseMs) : null,
    dispute_reason: row.depositDisputeReason,
    decision_note: row.depositDecisionNote,
  };
}

/** Where a booking stands (`bookingStateOf`, src/contract/deal-states.ts). */
export function bookingState(row: Pick<OrderRow, 'paid' | 'declinedAt' | 'cancelledAt'>) {
  return bookingStateOf(row);
}
