/**
 * The booking modal (docs/product.md §2 Category page, §4 Booking modal, §5 Booking, §8): a dialog, not a
 * route. It shows the product name and resell price and the user's name and email, prefilled and
 * read-only; the buyer enters `customer_phone` ("Phone number is required") and
 * `customer_location` ("Meeting location is required"). Submitting sends `POST /api/orders`;
 * success toasts "Order Confirm - The Seller Contact you soon." and closes the modal (the busy flag
 * resets); failure alerts "Something was wrong! please try again (error)" and keeps it open.
 * Lazy: rendered (and its chunk loaded) only when Book Now is pressed by a signed-in buyer.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from '#web/lib/toast';
import type { ProductCard } from '#contract/entities';
import { formatDollars } from '#contract/money';
import { buyingTexts } from '#contract/orders';
import { FormField } from '#web/components/form-field';
import { SubmitButton } from '#web/components/submitting-indicator';
import type { AuthUser } from '#web/lib/auth/auth-context';
import { errorText } from '#web/lib/error-text';
import { useCreateOrder } from '../api/create-order';
import { ViewingPicker } from './viewing-picker';
import { bookingFormSchema, toNewOrder, type BookingFormValues } from '../lib/booking-form';

export interface BookingModalProps {
  product: ProductCard;
  user: AuthUser;
  /** Called once the dialog has closed (booked, cancelled or Escape). */
  onClose: () => void;
}

export function BookingModal({ product, user, onClose }: BookingModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const createOrder = useCreateOrder();
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<BookingFormValues>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: {
      customer_phone: '',
      customer_location: '',
      viewing_day: '',
      viewing_slot: '',
    },
  });

  const [viewingDay, viewingSlot] = useWatch({
    control,
    name: ['viewing_day', 'viewing_slot'],
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const book = async (values: BookingFormValues) => {
    try {
      await createOrder.mutateAsync(toNewOrder(values, product, user));
      toast.success(buyingTexts.booked);
      dialogRef.current?.close();
    } catch (error) {
      // docs/product.md §8 Booking failure: alert "Something was wrong! please try again (error)".
      window.alert(`${buyingTexts.bookingFailed} (${errorText(error)})`);
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={headingId}
      onClose={onClose}
      onCancel={(event) => {
        // A booking in flight finishes first (its answer closes the modal).
        if (isSubmitting) event.preventDefault();
      }}
    >
      <div className="modal-box">
        <form method="dialog">
          <button
            type="submit"
            className="btn absolute top-2 right-2 btn-circle btn-ghost btn-sm"
            aria-label="Close"
            disabled={isSubmitting}
          >
            ✕
          </button>
        </form>
        <h2 id={headingId} className="pr-8 text-xl font-bold">
          {product.product_name}
        </h2>
        <form
          noValidate
          onSubmit={(event) => void handleSubmit(book)(event)}
          className="mt-2 space-y-1"
        >
          <FormField label="Price">
            <input className="input w-full" value={formatDollars(product.resell_price)} readOnly />
          </FormField>
          <FormField label="Name">
            <input className="input w-full" value={user.displayName} readOnly />
          </FormField>
          <FormField label="Email">
            <input type="email" className="input w-full" value={user.email} readOnly />
          </FormField>
          <FormField label="Phone number" error={errors.customer_phone?.message}>
            <input
              type="tel"
              autoComplete="tel"
              autoFocus
              className="input w-full"
              {...register('customer_phone')}
            />
          </FormField>
          <FormField label="Meeting location" error={errors.customer_location?.message}>
            <input className="input w-full" {...register('customer_location')} />
          </FormField>
          <ViewingPicker
            day={viewingDay ?? ''}
            slot={viewingSlot ?? ''}
            onDayChange={(day) => setValue('viewing_day', day, { shouldValidate: false })}
            onSlotChange={(slot) => setValue('viewing_slot', slot, { shouldValidate: false })}
            error={errors.viewing_slot?.message}
            disabled={isSubmitting}
          />
          <div className="pt-4">
            <SubmitButton submitting={isSubmitting} progressLabel="Booking">
              Submit
            </SubmitButton>
          </div>
        </form>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1} disabled={isSubmitting}>
          Close
        </button>
      </form>
    </dialog>
  );
}
