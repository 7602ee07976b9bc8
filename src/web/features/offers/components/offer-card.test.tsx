/**
 * One offer as its side sees it (decision 0034): amounts, state, time left, and each side's
 * actions, which ask first and answer through PATCH /api/offers/{id}.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as apiRoutes from '#contract/route-table';
import { answer, answerLater, refusal } from '#web/test-support/api';
import { dialogNamed, settleDialogs } from '#web/test-support/dialogs';
import { ids, offer, seller } from '#web/test-support/fixtures';
import { renderWithProviders } from '#web/test-support/render';
import { OfferCard } from './offer-card';

const name = 'Subaru Outback 2016';
const card = () => screen.getByTestId('offer');
const status = () => screen.getByTestId('offer-status');

describe('OfferCard in the offer lists (with the listing)', () => {
  it('shows the listing, the buyer, the amounts, the state and the time left of a pending offer', () => {
    renderWithProviders(<OfferCard offer={offer()} />, { user: seller });
    expect(within(card()).getByRole('link', { name })).toHaveAttribute(
      'href',
      `/listing/${ids.listing}`,
    );
    expect(within(card()).getByRole('img', { name })).toBeVisible();
    expect(card()).toHaveTextContent('Buyer: Bea Buyer');
    expect(status()).toHaveTextContent(/^Waiting for the seller$/);
    expect(card()).toHaveTextContent('Asking$8,400');
    expect(card()).toHaveTextContent('Offer$7,500');
    expect(card()).not.toHaveTextContent('Counter-offer');
    expect(card()).toHaveTextContent(/Open until.*\(47 hours left\)/);
  });

  it.each([
    ['countered', 'Countered'],
    ['accepted', 'Accepted'],
    ['declined', 'Declined'],
    ['expired', 'Expired'],
    ['withdrawn', 'Withdrawn'],
  ] as const)('names the state %s "%s"', (state, text) => {
    renderWithProviders(<OfferCard offer={offer({ status: state, counter_amount: 8000 })} />);
    expect(status()).toHaveTextContent(new RegExp(`^${text}$`));
  });

  it('gives a final offer no time left and no actions', () => {
    renderWithProviders(<OfferCard offer={offer({ status: 'declined' })} />, { user: seller });
    expect(card()).not.toHaveTextContent('Open until');
    expect(within(card()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lets the seller accept a pending offer after confirming', async () => {
    const patch = answer(apiRoutes.updateOffer, {
      acknowledged: true,
      modifiedCount: 1,
      order_id: ids.order,
    });
    const { user } = renderWithProviders(<OfferCard offer={offer()} />, { user: seller });
    await user.click(screen.getByRole('button', { name: `Accept the offer on ${name}` }));
    const confirm = await dialogNamed(`Accept $7,500 for ${name}?`);
    expect(confirm).toHaveTextContent('The car is reserved for the buyer until they pay.');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    const done = await dialogNamed('Offer accepted');
    expect(done).toHaveTextContent('The order waits for payment in My Orders.');
    expect(patch.calls.map((call) => [call.params.id, call.body])).toEqual([
      [ids.offer, { action: 'accept' }],
    ]);
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    await settleDialogs();
  });

  it('changes nothing when the seller does not confirm a decline', async () => {
    const patch = answer(apiRoutes.updateOffer, {
      acknowledged: true,
      modifiedCount: 1,
      order_id: null,
    });
    const { user } = renderWithProviders(<OfferCard offer={offer()} />, { user: seller });
    await user.click(screen.getByRole('button', { name: `Decline the offer on ${name}` }));
    const confirm = await dialogNamed(`Decline this offer on ${name}?`);
    await user.click(within(confirm).getByRole('button', { name: "Don't Confirm" }));
    const notSaved = await dialogNamed('Changes are not saved');
    await user.click(within(notSaved).getByRole('button', { name: 'OK' }));
    await settleDialogs();
    expect(patch.calls).toEqual([]);
  });

  it('checks a counter-offer against the offer and the asking price, then sends it', async () => {
    const patch = answer(apiRoutes.updateOffer, {
      acknowledged: true,
      modifiedCount: 1,
      order_id: null,
    });
    const { user } = renderWithProviders(<OfferCard offer={offer()} />, { user: seller });
    await user.click(screen.getByRole('button', { name: `Counter the offer on ${name}` }));
    const amount = screen.getByLabelText('Your counter-offer (US dollars)');
    const send = screen.getByRole('button', { name: 'Send counter-offer' });

    await user.type(amount, '7500');
    await user.click(send);
    expect(screen.getByRole('alert')).toHaveTextContent('A counter-offer must be above $7,500');
    await user.clear(amount);
    await user.type(amount, '9000');
    await user.click(send);
    expect(screen.getByRole('alert')).toHaveTextContent('A counter-offer must be at most $8,400');
    expect(patch.calls).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '8000');
    await user.click(send);
    const done = await dialogNamed('Counter-offer sent');
    expect(patch.calls.map((call) => call.body)).toEqual([{ action: 'counter', amount: 8000 }]);
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    await settleDialogs();
    expect(screen.queryByLabelText('Your counter-offer (US dollars)')).not.toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    answer(apiRoutes.updateOffer, refusal(409, 'This offer has expired'));
    const { user } = renderWithProviders(<OfferCard offer={offer()} />, { user: seller });
    await user.click(screen.getByRole('button', { name: `Accept the offer on ${name}` }));
    await user.click(
      within(await dialogNamed(`Accept $7,500 for ${name}?`)).getByRole('button', {
        name: 'Confirm',
      }),
    );
    const failure = await dialogNamed('Error');
    expect(failure).toHaveTextContent('This offer has expired');
    await user.click(within(failure).getByRole('button', { name: 'OK' }));
    await settleDialogs();
  });

  it("lets the buyer accept or decline a seller's counter, or withdraw", async () => {
    const countered = offer({
      role: 'buyer',
      status: 'countered',
      counter_amount: 8000,
      other_party: seller.displayName,
    });
    const patch = answer(apiRoutes.updateOffer, {
      acknowledged: true,
      modifiedCount: 1,
      order_id: ids.order,
    });
    const { user } = renderWithProviders(<OfferCard offer={countered} />);
    expect(card()).toHaveTextContent(`Seller: ${seller.displayName}`);
    expect(card()).toHaveTextContent('Counter-offer$8,000');
    expect(screen.getByRole('button', { name: `Decline the offer on ${name}` })).toBeVisible();
    expect(screen.getByRole('button', { name: `Withdraw the offer on ${name}` })).toBeVisible();
    expect(
      screen.queryByRole('button', { name: `Counter the offer on ${name}` }),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Accept the counter-offer on ${name}` }));
    const confirm = await dialogNamed(`Accept $8,000 for ${name}?`);
    expect(confirm).toHaveTextContent(
      'An order at this price waits for your payment in My Orders.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await user.click(
      within(await dialogNamed('Counter-offer accepted')).getByRole('button', { name: 'OK' }),
    );
    await settleDialogs();
    expect(patch.calls.map((call) => call.body)).toEqual([{ action: 'accept' }]);
  });

  it('lets the buyer withdraw a pending offer, and no more', async () => {
    const patch = answer(apiRoutes.updateOffer, {
      acknowledged: true,
      modifiedCount: 1,
      order_id: null,
    });
    const { user } = renderWithProviders(<OfferCard offer={offer({ role: 'buyer' })} />);
    expect(
      screen.queryByRole('button', { name: `Accept the offer on ${name}` }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: `Decline the offer on ${name}` }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Withdraw the offer on ${name}` }));
    const confirm = await dialogNamed(`Withdraw your offer on ${name}?`);
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await user.click(
      within(await dialogNamed('Offer withdrawn')).getByRole('button', { name: 'OK' }),
    );
    await settleDialogs();
    expect(patch.calls.map((call) => call.body)).toEqual([{ action: 'withdraw' }]);
  });

  it('links the buyer of an accepted offer to its payment at the agreed price', () => {
    renderWithProviders(
      <OfferCard
        offer={offer({
          role: 'buyer',
          status: 'accepted',
          counter_amount: 8000,
          order_id: ids.order,
        })}
      />,
    );
    expect(screen.getByRole('link', { name: 'Pay $8,000' })).toHaveAttribute(
      'href',
      `/payment/${ids.order}`,
    );
  });
});

describe('OfferCard on a phone', () => {
  it('keeps one main action in view and the rest under "More actions"', async () => {
    const { user } = renderWithProviders(<OfferCard offer={offer()} />, {
      user: seller,
      width: 360,
    });
    expect(screen.getByRole('button', { name: `Accept the offer on ${name}` })).toBeVisible();
    const more = screen.getByRole('button', { name: `More actions for ${name}` });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    // Hidden, so out of the accessibility tree until the menu opens.
    expect(
      screen.queryByRole('button', { name: `Counter the offer on ${name}` }),
    ).not.toBeInTheDocument();
    await user.click(more);
    expect(screen.getByRole('button', { name: `Counter the offer on ${name}` })).toBeVisible();
    expect(screen.getByRole('button', { name: `Decline the offer on ${name}` })).toBeVisible();
  });
});

describe('OfferCard on the listing page (without the listing)', () => {
  it("says whose offer it is and names the buyer in the seller's buttons", () => {
    renderWithProviders(<OfferCard offer={offer()} showListing={false} headingLevel={3} />, {
      user: seller,
    });
    expect(screen.getByRole('heading', { level: 3, name: 'Offer from Bea Buyer' })).toBeVisible();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
    // Every action stands in view: no "More actions".
    for (const action of ['Accept the offer', 'Counter the offer', 'Decline the offer']) {
      expect(screen.getByRole('button', { name: `${action} from Bea Buyer` })).toBeVisible();
    }
  });

  it("titles the buyer's own offer", () => {
    renderWithProviders(<OfferCard offer={offer({ role: 'buyer' })} showListing={false} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Your offer' })).toBeVisible();
    expect(screen.getByRole('button', { name: `Withdraw the offer on ${name}` })).toBeVisible();
  });
});

describe('OfferCard while an answer is under way', () => {
  it('keeps the actions from being pressed twice', async () => {
    const later = answerLater(apiRoutes.updateOffer, {
      acknowledged: true,
      modifiedCount: 1,
      order_id: null,
    });
    const { user } = renderWithProviders(<OfferCard offer={offer()} showListing={false} />, {
      user: seller,
    });
    const accept = screen.getByRole('button', { name: 'Accept the offer from Bea Buyer' });
    await user.click(accept);
    await user.click(
      within(await dialogNamed(`Accept $7,500 for ${name}?`)).getByRole('button', {
        name: 'Confirm',
      }),
    );
    await waitFor(() => expect(accept).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Decline the offer from Bea Buyer' })).toBeDisabled();
    later.release();
    await user.click(
      within(await dialogNamed('Offer accepted')).getByRole('button', { name: 'OK' }),
    );
    await settleDialogs();
  });
});
