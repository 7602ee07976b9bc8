/**
 * `Make an offer` (decision 0034): the dialog checks the amount against the asking price, sends
 * POST /api/offers with what the buyer typed, and says what became of the offer.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as apiRoutes from '#contract/route-table';
import { offerTexts } from '#contract/texts';
import { answer, refusal } from '#web/test-support/api';
import { submitWith } from '#web/test-support/forms';
import { buyer, ids } from '#web/test-support/fixtures';
import { renderWithProviders } from '#web/test-support/render';
import { MakeOfferButton } from './make-offer';

const name = 'Subaru Outback 2016';

function renderButton(offered = false) {
  return renderWithProviders(
    <MakeOfferButton
      productId={ids.listing}
      productName={name}
      askingPrice={8400}
      offered={offered}
    />,
    { user: buyer },
  );
}

async function openDialog(user: ReturnType<typeof renderButton>['user']) {
  await user.click(screen.getByRole('button', { name: 'Make an offer' }));
  return screen.getByRole('dialog', { name: `Make an offer: ${name}` });
}

describe('MakeOfferButton', () => {
  it('opens a dialog with the asking price and the 48 hours the seller has', async () => {
    const { user } = renderButton();
    const dialog = await openDialog(user);
    expect(dialog).toHaveTextContent('Asking price: $8,400');
    expect(dialog).toHaveTextContent('The seller can accept, decline or counter within 48 hours.');
    expect(within(dialog).getByLabelText('Your offer (US dollars)')).toBeRequired();
  });

  it('refuses an offer that is not below the asking price, and sends nothing', async () => {
    const posts = answer(
      apiRoutes.createOffer,
      { offer_id: ids.offer, status: 'pending', message: null },
      { status: 201 },
    );
    const { user } = renderButton();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Your offer (US dollars)'), '8400');
    submitWith(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'An offer must be below the asking price ($8,400)',
    );
    expect(posts.calls).toEqual([]);
  });

  it('sends the amount, phone and meeting place, and says the seller has 48 hours', async () => {
    const posts = answer(
      apiRoutes.createOffer,
      { offer_id: ids.offer, status: 'pending', message: null },
      { status: 201 },
    );
    const { user } = renderButton();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Your offer (US dollars)'), '7500');
    await user.type(
      within(dialog).getByLabelText('Phone number (for the order, optional)'),
      ' +1 303 555 0199 ',
    );
    await user.type(within(dialog).getByLabelText('Meeting location (optional)'), 'Union Station');
    submitWith(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Your offer of $7,500 was sent. The seller has 48 hours to answer.',
    );
    expect(posts.calls.map((call) => call.body)).toEqual([
      {
        product_id: ids.listing,
        amount: 7500,
        customer_phone: '+1 303 555 0199',
        meeting_location: 'Union Station',
      },
    ]);
    expect(within(dialog).getByRole('link', { name: 'My Offers' })).toHaveAttribute(
      'href',
      '/user/buyer/offers',
    );
  });

  it('leaves out the optional fields left empty', async () => {
    const posts = answer(
      apiRoutes.createOffer,
      { offer_id: ids.offer, status: 'pending', message: null },
      { status: 201 },
    );
    const { user } = renderButton();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Your offer (US dollars)'), '7999.5');
    submitWith(within(dialog).getByRole('button', { name: 'Send offer' }));
    await within(dialog).findByRole('status');
    expect(posts.calls.map((call) => call.body)).toEqual([
      { product_id: ids.listing, amount: 7999.5 },
    ]);
  });

  it("shows the seller's polite decline of an offer below their minimum", async () => {
    answer(
      apiRoutes.createOffer,
      { offer_id: ids.offer, status: 'declined', message: offerTexts.belowFloor },
      { status: 201 },
    );
    const { user } = renderButton();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Your offer (US dollars)'), '5000');
    submitWith(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(offerTexts.belowFloor);
  });

  it("shows the server's refusal and keeps the form", async () => {
    answer(apiRoutes.createOffer, refusal(409, 'You already have an open offer on this listing'));
    const { user } = renderButton();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Your offer (US dollars)'), '7000');
    submitWith(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You already have an open offer on this listing',
    );
    expect(within(dialog).getByRole('button', { name: 'Send offer' })).toBeEnabled();
  });

  it('closes on OK after the outcome', async () => {
    answer(
      apiRoutes.createOffer,
      { offer_id: ids.offer, status: 'pending', message: null },
      { status: 201 },
    );
    const { user } = renderButton();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Your offer (US dollars)'), '7000');
    submitWith(within(dialog).getByRole('button', { name: 'Send offer' }));
    await user.click(await within(dialog).findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
  });

  it('is not offered again while the buyer has an open offer', () => {
    renderButton(true);
    expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
  });
});
