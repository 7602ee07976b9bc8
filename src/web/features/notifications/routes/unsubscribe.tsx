/**
 * The page a notification mail's unsubscribe link opens: `/unsubscribe?token=…`
 * (RFC 2369). It asks before it acts — mail scanners open links in mail, so a plain visit must not
 * unsubscribe anyone — and one click sends `POST /api/unsubscribe` (the same call a mail client's
 * one-click unsubscribe makes, RFC 8058). No sign-in: the signed token names the user and topic.
 */
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import * as apiRoutes from '#contract/route-table';
import { PageTitle } from '#web/components/page-title';
import { apiCall } from '#web/lib/api-client';
import { errorText } from '#web/lib/error-text';
import { paths } from '#web/lib/paths';

export const invalidUnsubscribeLinkMessage = 'This unsubscribe link is not valid.';

export function UnsubscribeRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const unsubscribe = useMutation({
    mutationFn: () => apiCall(apiRoutes.unsubscribe, { query: { token } }),
  });

  return (
    <section className="mx-auto max-w-lg space-y-4 px-4 py-10">
      <PageTitle title="Unsubscribe" />
      <h1 className="text-3xl font-bold">Unsubscribe</h1>
      {!token ? (
        <p role="alert" className="alert alert-soft alert-error">
          {invalidUnsubscribeLinkMessage}
        </p>
      ) : unsubscribe.isSuccess ? (
        <p role="status" className="alert alert-soft alert-success">
          Done. You will no longer receive {unsubscribe.data.description}.
        </p>
      ) : (
        <>
          <p>Stop receiving this kind of e-mail from Second Gear?</p>
          {unsubscribe.isError && (
            <p role="alert" className="alert alert-soft alert-error">
              {errorText(unsubscribe.error)}
            </p>
          )}
          <button
            type="button"
            className="btn btn-primary"
            disabled={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate()}
          >
            Unsubscribe
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
