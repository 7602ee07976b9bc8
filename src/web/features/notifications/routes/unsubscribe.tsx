/**
 * The page a notification mail's unsubscribe link opens: `/unsubscribe?token=…`
 * (RFC 2369). It asks before it acts — mail scanners open links in mail, so a plain visit must not
 * unsubscribe anyone — and one click sends `POST /api/unsubscribe` (the same call a mail client's
 * one-click unsubscribe makes, RFC 8058). No sign-in: the signed token names the user and topic.
 */
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import * as apiRoutes from '#contract/route-table';
import { SignedLinkPage } from '#web/components/signed-link-page';
import { apiCall } from '#web/lib/api-client';

export const invalidUnsubscribeLinkMessage = 'This unsubscribe link is not valid.';

export function UnsubscribeRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const unsubscribe = useMutation({
    mutationFn: () => apiCall(apiRoutes.unsubscribe, { query: { token } }),
  });

  return (
    <SignedLinkPage
      title="Unsubscribe"
      token={token}
      invalidText={invalidUnsubscribeLinkMessage}
      question="Stop receiving this kind of e-mail from Second Gear?"
      actionLabel="Unsubscribe"
      action={unsubscribe}
      success={(answer) => <>Done. You will no longer receive {answer.description}.</>}
    />
  );
}
