/**
 * Payout details (decision 0042): where a seller's released payments go. Shows what is saved
 * (holder and last four digits) and takes an IBAN, or a US routing and account number; the
 * server checks them (400 naming the field). Held payments whose handover was confirmed are
 * released as soon as the details are saved. With Stripe the seller gives their details to
 * Stripe instead: `Set up payouts with Stripe` opens Stripe's Connect onboarding, which sends
 * them back here, where the state is read again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { PayoutView } from '#contract/protected-payments';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { errorText } from '#web/lib/error-text';
import { queryKeys } from '#web/lib/query-keys';
import toast from '#web/lib/toast';

const payoutKey = ['payout'] as const;

const stripeState = {
  not_started: 'No payout account yet: released payments wait until you set one up with Stripe.',
  pending: 'Stripe has not finished checking your details yet: released payments wait for it.',
  complete: 'Payments go to your Stripe account.',
} as const;

/** Payout with Stripe Connect: the state and the button that opens Stripe's onboarding. */
function StripePayout({ onboarding }: { onboarding: keyof typeof stripeState }) {
  const start = useMutation({
    mutationFn: () => apiCall(apiRoutes.startPayoutOnboarding),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast.error(errorText(error)),
  });
  return (
    <div className="space-y-3">
      <p className="text-sm" data-testid="payout-state">
        {stripeState[onboarding]}
      </p>
      {onboarding !== 'complete' && (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={start.isPending}
          onClick={() => start.mutate()}
        >
          {onboarding === 'pending' ? 'Continue with Stripe' : 'Set up payouts with Stripe'}
        </button>
      )}
    </div>
  );
}

export function PayoutForm() {
  const payout = useQuery({
    queryKey: payoutKey,
    queryFn: ({ signal }) => apiCall(apiRoutes.getPayout, { signal }),
  });
  if (payout.data?.method === 'stripe_onboarding') {
    return <StripePayout onboarding={payout.data.onboarding ?? 'not_started'} />;
  }
  return <BankDetailsForm payout={payout.data} />;
}

function BankDetailsForm({ payout }: { payout: PayoutView | undefined }) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<'iban' | 'us_bank'>('iban');
  const [holder, setHolder] = useState('');
  const [iban, setIban] = useState('');
  const [routing, setRouting] = useState('');
  const [account, setAccount] = useState('');
  const save = useMutation({
    mutationFn: () =>
      apiCall(apiRoutes.putPayout, {
        body:
          kind === 'iban'
            ? { account_holder: holder, iban }
            : { account_holder: holder, routing_number: routing, account_number: account },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(payoutKey, saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.sellerOrders.all });
      toast.success('Payout details saved');
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <div className="space-y-3">
      <p className="text-sm" data-testid="payout-state">
        {payout?.has_payout
          ? `Payments go to ${payout.account_holder}, account ending ${payout.last4}.`
          : 'No payout details yet: released payments wait until you add them.'}
      </p>
      <form className="grid gap-2" onSubmit={handleSubmit}>
        <div role="radiogroup" aria-label="Account type" className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              className="radio radio-sm"
              checked={kind === 'iban'}
              onChange={() => setKind('iban')}
            />
            IBAN
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              className="radio radio-sm"
              checked={kind === 'us_bank'}
              onChange={() => setKind('us_bank')}
            />
            US bank account
          </label>
        </div>
        <label className="form-control">
          <span className="label-text">Account holder</span>
          <input
            className="input input-bordered w-full"
            value={holder}
            onChange={(event) => setHolder(event.target.value)}
            autoComplete="name"
          />
        </label>
        {kind === 'iban' ? (
          <label className="form-control">
            <span className="label-text">IBAN</span>
            <input
              className="input input-bordered w-full font-mono"
              value={iban}
              onChange={(event) => setIban(event.target.value)}
              autoComplete="off"
            />
          </label>
        ) : (
          <>
            <label className="form-control">
              <span className="label-text">Routing number</span>
              <input
                className="input input-bordered w-full font-mono"
                inputMode="numeric"
                value={routing}
                onChange={(event) => setRouting(event.target.value)}
              />
            </label>
            <label className="form-control">
              <span className="label-text">Account number</span>
              <input
                className="input input-bordered w-full font-mono"
                inputMode="numeric"
                value={account}
                onChange={(event) => setAccount(event.target.value)}
              />
            </label>
          </>
        )}
        <div>
          <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
            Save payout details
          </button>
        </div>
      </form>
    </div>
  );
}
