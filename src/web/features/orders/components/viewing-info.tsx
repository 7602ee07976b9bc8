/**
 * A booking's viewing (decision 0034), for either side: the time in the viewer's time zone and
 * whether it is proposed or confirmed; `Confirm` when the other side proposed it, and `Propose
 * another time` (or `Propose a viewing time` when there is none) with the day-and-slot picker.
 * Nothing to do on a declined or cancelled booking.
 */
import { useState, type ReactElement } from 'react';
import type { Order } from '#contract/orders';
import { bookingStateRecords } from '#contract/deal-states';
import { showFailure, showSuccess } from '#web/components/dialogs';
import { useUpdateViewing } from '../api/viewing';
import { formatViewing, viewingInstant, viewingProblem } from '../lib/viewing-time';
import { ViewingPicker } from './viewing-picker';

/** The booking: an Order, or as much of one as a conversation's deal carries. */
export type ViewingOrder = Pick<Order, '_id' | 'viewing' | 'booking_state'> & {
  product_info: Pick<Order['product_info'], 'product_name'>;
};

export interface ViewingInfoProps {
  order: ViewingOrder;
  /** The viewer's side of the booking. */
  side: 'buyer' | 'seller';
}

export function ViewingInfo({ order, side }: ViewingInfoProps) {
  const viewing = useViewingActions(order, side);
  return (
    <div className="mt-2 text-sm" data-testid="viewing">
      <ViewingStatus order={order} side={side} />
      {viewing.actions.length > 0 && (
        <div className="mt-2 flex flex-wrap gap-2">{viewing.actions}</div>
      )}
      {viewing.panel}
    </div>
  );
}

/** The viewing's time and where it stands, or "No viewing time yet." */
export function ViewingStatus({ order, side }: ViewingInfoProps) {
  const viewing = order.viewing;
  const other = side === 'buyer' ? 'seller' : 'buyer';
  return viewing ? (
    <p>
      <span className="font-medium">Viewing: </span>
      <time dateTime={viewing.at}>{formatViewing(viewing.at)}</time>{' '}
      <span
        className={`badge h-auto min-h-5 badge-sm whitespace-normal ${viewing.status === 'confirmed' ? 'badge-success' : 'badge-warning'}`}
      >
        {viewing.status === 'confirmed'
          ? 'Confirmed'
          : viewing.proposed_by === side
            ? `Waiting for the ${other}`
            : `Proposed by the ${other}`}
      </span>
    </p>
  ) : (
    <p>No viewing time yet.</p>
  );
}

/**
 * The viewing's actions apart from its status, for a card that puts them in its own places
 * (decision 0052): `actions` are the buttons (`Confirm` when the other side proposed, `Propose
 * another time` or `Propose a viewing time` while the picker is closed; none on a declined or
 * cancelled booking), `panel` the day-and-slot picker once proposing, and `confirmable` whether
 * the other side waits for a confirmation.
 */
export function useViewingActions(order: ViewingOrder, side: 'buyer' | 'seller') {
  const update = useUpdateViewing();
  const [picking, setPicking] = useState(false);
  const [day, setDay] = useState('');
  const [slot, setSlot] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const viewing = order.viewing;
  const open = bookingStateRecords[order.booking_state].live;
  const product = order.product_info.product_name;
  const proposeText = viewing ? 'Propose another time' : 'Propose a viewing time';

  const send = async (change: Parameters<typeof update.mutateAsync>[0]['change']) => {
    try {
      await update.mutateAsync({ orderId: order._id, change });
      await showSuccess(
        change.action === 'confirm' ? 'Viewing confirmed' : 'Viewing time proposed',
      );
      setPicking(false);
    } catch (failure) {
      await showFailure('Error', failure instanceof Error ? failure.message : undefined);
    }
  };

  const handlePropose = () => {
    const trouble = viewingProblem(day, slot) ?? (day && slot ? null : 'Choose a day and a time');
    setProblem(trouble);
    const at = viewingInstant(day, slot);
    if (!trouble && at) void send({ action: 'propose', at });
  };

  const confirmable = open && viewing?.status === 'proposed' && viewing.proposed_by !== side;
  const actions: ReactElement[] = [];
  if (confirmable) {
    actions.push(
      <button
        key="confirm"
        type="button"
        className="btn btn-sm btn-primary"
        aria-label={`Confirm the viewing of ${product}`}
        disabled={update.isPending}
        onClick={() => void send({ action: 'confirm' })}
      >
        Confirm
      </button>,
    );
  }
  if (open && !picking) {
    actions.push(
      <button
        key="propose"
        type="button"
        className="btn btn-sm btn-outline"
        // The name starts with the words shown (WCAG 2.5.3, label in name).
        aria-label={`${proposeText} for ${product}`}
        onClick={() => setPicking(true)}
      >
        {proposeText}
      </button>,
    );
  }
  const panel =
    open && picking ? (
      <div className="mt-2 rounded-box border border-base-300 p-3">
        <ViewingPicker
          day={day}
          slot={slot}
          onDayChange={setDay}
          onSlotChange={setSlot}
          error={problem}
          disabled={update.isPending}
        />
        <div className="mt-2 flex gap-2">
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={update.isPending}
            onClick={handlePropose}
          >
            Send
          </button>
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => setPicking(false)}>
            Close
          </button>
        </div>
      </div>
    ) : null;
  return { actions, panel, confirmable };
}
