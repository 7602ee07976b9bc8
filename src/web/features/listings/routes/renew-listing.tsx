/**
 * The page an expiry reminder's Renew link opens: `/renew-listing?token=…` (decision 0027). Like
 * the unsubscribe page it asks before it acts — mail scanners open links in mail — and one click
 * sends `POST /api/listing-renewal` with the signed token, which renews (or relists) the listing
 * once per expiry window. No sign-in: the token names the listing.
 */
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import * as apiRoutes from '#contract/route-table';
import { LocalTime, dateFormat } from '#web/components/local-time';
import { PageTitle } from '#web/components/page-title';
import { apiCall } from '#web/lib/api-client';
import { errorText } from '#web/lib/error-text';
import { paths } from '#web/lib/paths';

export function RenewListingRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const renew = useMutation({
    mutationFn: () => apiCall(apiRoutes.renewListingByLink, { query: { token } }),
  });

  return (
    <section className="mx-auto max-w-lg space-y-4 px-4 py-10">
      <PageTitle title="Renew your listing" />
      <h1 className="text-3xl font-bold">Renew your listing</h1>
      {!token ? (
        <p role="alert" className="alert alert-soft alert-error">
          This renew link is not valid
        </p>
      ) : renew.isSuccess ? (
        <p role="status" className="alert alert-soft alert-success">
          Listing renewed. It stays on the market until{' '}
          <LocalTime value={renew.data.expires_at} format={dateFormat} />.
        </p>
      ) : (
        <>
          <p>Keep your listing on the market for another period?</p>
          {renew.isError && (
            <p role="alert" className="alert alert-soft alert-error">
              {errorText(renew.error)}
            </p>
          )}
          <button
            type="button"
            className="btn btn-primary"
            disabled={renew.isPending}
            onClick={() => renew.mutate()}
          >
            Renew
          </button>
        </>
      )}
      <p>
        <Link to={paths.home.href()} className="link link-primary">
          Back to Second Gear
        </Link>
      </p>
    </section>
  );
}
