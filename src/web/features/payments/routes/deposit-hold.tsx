/**
 * Hold deposit (/deposit/{orderId}). The buyer of an open booking whose listing asks a
 * viewing deposit gives a card here, as on the payment page: the server makes a hold for the
 * deposit (`POST /api/order/{id}/deposit/hold`, amount from the database), the card input
 * confirms it (Stripe.js or the sandbox) — which authorises the amount without taking it
 * (`requires_capture`) — and `POST /api/order/{id}/deposit/confirm` records it as held. Then
 * "Deposit held on your card." and a link back to My Orders.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { depositTexts } from '#contract/deposits';
import { formatDollars } from '#contract/money';
import * as apiRoutes from '#contract/route-table';
import { PageTitle } from '#web/components/page-title';
import { ProgressBar } from '#web/components/progress-bar';
import { apiCall } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth/auth-context';
import { useIsBuyer } from '#web/lib/auth/roles';
import { paths } from '#web/lib/paths';
import { queryKeys } from '#web/lib/query-keys';
import { useOrder } from '../api/get-order';
import { usePaymentConfig } from '../api/get-payment-config';
import { SandboxCardElement } from '../components/sandbox-card-element';
import { StripeCardElement } from '../components/stripe-card-element';
import { payWithCard, toCardError, type CardPayment } from '../lib/card-payment';

export function DepositHoldRoute() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const isBuyer = useIsBuyer();
  const queryClient = useQueryClient();
  const order = useOrder(user?.uid ?? '', id, isBuyer.holds);
  const config = usePaymentConfig();
  const awaiting = order.data?.deposit?.state === 'awaiting_card';
  const hold = useQuery({
    queryKey: ['deposit-hold', id],
    queryFn: () => apiCall(apiRoutes.createDepositHold, { params: { id } }),
    enabled: awaiting && order.data?.booking_state === 'open',
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const [cardPayment, setCardPayment] = useState<CardPayment | null>(null);
  const [cardError, setCardError] = useState('');
  const [processing, setProcessing] = useState(false);
  const handleReady = useCallback((payment: CardPayment | null) => setCardPayment(payment), []);

  if (isBuyer.isLoading || (isBuyer.holds && order.isPending)) {
    return <ProgressBar label="Loading the order" />;
  }
  const data = order.data;
  const deposit = data?.deposit;
  if (!data || !deposit) {
    return (
      <section className="mx-auto w-full max-w-xl py-10 text-center">
        <PageTitle title="No deposit found" />
        <h1 className="text-2xl font-bold">No deposit found</h1>
      </section>
    );
  }

  const secret = hold.data?.clientSecret;
  const handleHold = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!cardPayment || !secret || processing || !user) return;
    const billing = { name: user.displayName, email: user.email };
    setProcessing(true);
    try {
      const intent = await payWithCard(cardPayment, secret, billing, setCardError);
      if (intent?.status === 'requires_capture') {
        await apiCall(apiRoutes.confirmDepositHold, { params: { id } });
        setCardError('');
        await queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      }
    } catch (error) {
      setCardError(toCardError(error).message);
    } finally {
      setProcessing(false);
    }
  };

  return (
    <section className="mx-auto w-full max-w-xl space-y-6 py-6">
      <PageTitle title={`Deposit for ${data.product_info.product_name}`} />
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4 p-6">
          <h1 className="text-2xl font-bold break-words">
            Deposit for {data.product_info.product_name}
          </h1>
          <p>
            The seller asks a refundable viewing deposit of{' '}
            <strong className="text-primary">{formatDollars(deposit.amount)}</strong>. Your card is
            only authorised now; nothing is taken. After the viewing the seller releases it; if you
            do not come, it goes to the seller (you can dispute that within 7 days). Untouched, the
            hold is released after 6 days.
          </p>
          {deposit.state === 'held' ? (
            <div role="status" className="alert alert-success alert-soft">
              <p className="font-semibold">{depositTexts.held}</p>
            </div>
          ) : !awaiting || data.booking_state !== 'open' ? (
            <p role="status">This booking cannot hold a deposit any more.</p>
          ) : (
            <form noValidate onSubmit={(event) => void handleHold(event)} className="space-y-4">
              {config.data?.provider === 'stripe' && config.data.publishableKey ? (
                <StripeCardElement
                  publishableKey={config.data.publishableKey}
                  onReady={handleReady}
                />
              ) : config.data ? (
                <SandboxCardElement onReady={handleReady} disabled={processing} />
              ) : (
                <div className="skeleton h-11 w-full" aria-hidden="true" />
              )}
              <button
                type="submit"
                className="btn btn-sm btn-primary"
                disabled={!cardPayment || !secret || processing}
              >
                {depositTexts.holdDeposit}
              </button>
              {processing && (
                <progress className="progress w-full progress-primary" aria-label="Holding" />
              )}
              {(cardError || hold.error) && (
                <p role="alert" className="text-error">
                  {cardError || toCardError(hold.error).message}
                </p>
              )}
            </form>
          )}
          <Link to={paths.buyerOrders.href()} className="link">
            Back to My Orders
          </Link>
        </div>
      </div>
    </section>
  );
}
