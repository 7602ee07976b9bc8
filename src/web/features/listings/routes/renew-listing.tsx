/**
 * The page an expiry reminder's Renew link opens: `/renew-listing?token=…` (decision 0027). Like
 * the unsubscribe page it asks before it acts — mail scanners open links in mail — and one click
 * sends `POST /api/listing-renewal` with the signed token, which renews (or relists) the listing
 * once per expiry window. No sign-in: the token names the listing.
 */
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import * as apiRoutes from '#contract/route-table';
import { LocalTime, dateFormat } from '#web/components/local-time';
import { SignedLinkPage } from '#web/components/signed-link-page';
import { apiCall } from '#web/lib/api-client';

export function RenewListingRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const renew = useMutation({
    mutationFn: () => apiCall(apiRoutes.renewListingByLink, { query: { token } }),
  });

  return (
    <SignedLinkPage
      title="Renew your listing"
      token={token}
      invalidText="This renew link is not valid"
      question="Keep your listing on the market for another period?"
      actionLabel="Renew"
      action={renew}
      success={(answer) => (
        <>
          Listing renewed. It stays on the market until{' '}
          <LocalTime value={answer.expires_at} format={dateFormat} />.
        </>
      )}
    />
  );
}
