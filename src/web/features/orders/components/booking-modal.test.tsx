/**
 * The booking modal (docs/product.md §4 Booking modal, §5 Booking, §8): the product and the
 * buyer read-only, the phone and meeting place required with the spec's messages, an optional
 * viewing time, POST /api/orders with the spec's body, and the spec's success and failure texts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as apiRoutes from '#contract/route-table';
import { answer, refusal } from '#web/test-support/api';
import { buyer, ids, productCard, seller } from '#web/test-support/fixtures';
import { renderWithProviders } from '#web/test-support/render';
import { BookingModal } from './booking-modal';

const name = 'Subaru Outback 2016';

function renderModal(onClose = vi.fn()) {
  const rendered = renderWithProviders(
    <BookingModal product={productCard()} user={buyer} onClose={onClose} />,
    { user: buyer },
  );
  return { ...rendered, onClose, modal: screen.getByRole('dialog', { name }) };
}

/** Tomorrow as `YYYY-MM-DD` in the test's time zone. */
function tomorrow(): string {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${String(date.getDate()).padStart(2, '0')}`;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BookingModal', () => {
  it("opens with the product's price and the buyer's name and e-mail, read-only", () => {
    const { modal } = renderModal();
    expect(modal).toHaveAttribute('open');
    expect(within(modal).getByLabelText('Price')).toHaveValue('$8,400');
    expect(within(modal).getByLabelText('Name')).toHaveValue(buyer.displayName);
    expect(within(modal).getByLabelText('Email')).toHaveValue(buyer.email);
    for (const label of ['Price', 'Name', 'Email']) {
      expect(within(modal).getByLabelText(label)).toHaveAttribute('readonly');
    }
    expect(within(modal).getByLabelText('Phone number')).not.toHaveAttribute('readonly');
  });

  it('asks for the phone number and the meeting location, and sends nothing', async () => {
    const orders = answer(apiRoutes.createOrder, { acknowledged: true, insertedId: ids.order });
    const { user, modal } = renderModal();
    await user.click(within(modal).getByRole('button', { name: 'Submit' }));
    const alerts = await within(modal).findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Phone number is required',
      'Meeting location is required',
    ]);
    expect(within(modal).getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(orders.calls).toEqual([]);
  });

  it('books with the spec’s body, says "Order Confirm - The Seller Contact you soon." and closes', async () => {
    const orders = answer(
      apiRoutes.createOrder,
      { acknowledged: true, insertedId: ids.order },
      { status: 201 },
    );
    const { user, modal, onClose } = renderModal();
    await user.type(within(modal).getByLabelText('Phone number'), '01812345678');
    await user.type(within(modal).getByLabelText('Meeting location'), 'GEC Circle');
    await user.click(within(modal).getByRole('button', { name: 'Submit' }));
    // A toast (react-hot-toast shows it faded in once measured, which happy-dom does not do).
    expect(
      await screen.findByText('Order Confirm - The Seller Contact you soon.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(modal).not.toHaveAttribute('open');
    expect(orders.calls.map((call) => call.body)).toEqual([
      {
        customer_info: {
          customer_name: buyer.displayName,
          customer_email: buyer.email,
          customer_uid: buyer.uid,
          customer_phone: '01812345678',
          meeting_location: 'GEC Circle',
        },
        product_info: {
          product_name: name,
          product_image: '/uploads/outback.jpg',
          product_price: 8400,
          product_id: ids.listing,
          product_category: 'Cars',
          product_category_id: ids.category,
        },
        seller_info: {
          seller_name: seller.displayName,
          seller_uid: seller.uid,
          seller_image: '',
          seller_location: 'Denver',
        },
        order_status: false,
      },
    ]);
  });

  it('sends the viewing time chosen, as an instant', async () => {
    const orders = answer(
      apiRoutes.createOrder,
      { acknowledged: true, insertedId: ids.order },
      { status: 201 },
    );
    const { user, modal } = renderModal();
    await user.type(within(modal).getByLabelText('Phone number'), '01812345678');
    await user.type(within(modal).getByLabelText('Meeting location'), 'GEC Circle');
    const day = tomorrow();
    await user.type(within(modal).getByLabelText('Day'), day);
    await user.selectOptions(within(modal).getByLabelText('Time'), '15:30');
    await user.click(within(modal).getByRole('button', { name: 'Submit' }));
    await screen.findByText('Order Confirm - The Seller Contact you soon.');
    expect(orders.calls[0]?.body.viewing_at).toBe(new Date(`${day}T15:30:00`).toISOString());
  });

  it('asks for both the day and the time of a viewing', async () => {
    const orders = answer(apiRoutes.createOrder, { acknowledged: true, insertedId: ids.order });
    const { user, modal } = renderModal();
    await user.type(within(modal).getByLabelText('Phone number'), '01812345678');
    await user.type(within(modal).getByLabelText('Meeting location'), 'GEC Circle');
    await user.type(within(modal).getByLabelText('Day'), tomorrow());
    await user.click(within(modal).getByRole('button', { name: 'Submit' }));
    expect(await within(modal).findByText('Choose a day and a time for the viewing')).toBeVisible();
    expect(orders.calls).toEqual([]);
  });

  it('alerts "Something was wrong! please try again" with the error and stays open', async () => {
    answer(apiRoutes.createOrder, refusal(409, 'This product is already sold'));
    // happy-dom has no window.alert: the browser's is stubbed.
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { user, modal, onClose } = renderModal();
    await user.type(within(modal).getByLabelText('Phone number'), '01812345678');
    await user.type(within(modal).getByLabelText('Meeting location'), 'GEC Circle');
    await user.click(within(modal).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'Something was wrong! please try again (This product is already sold)',
      ),
    );
    expect(modal).toHaveAttribute('open');
    expect(within(modal).getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes without booking on ✕', async () => {
    const { user, modal, onClose } = renderModal();
    // The ✕, first; the backdrop is a second Close, for the pointer only.
    await user.click(within(modal).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(modal).not.toHaveAttribute('open');
  });
});
