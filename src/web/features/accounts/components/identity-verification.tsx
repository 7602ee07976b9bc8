/**
 * The profile's identity check (decision 0044): once an identity provider matched a photo ID
 * with a selfie, buyers see an "ID verified" badge on the user's listings and seller page. With
 * the sandbox provider the user uploads both pictures here with the document's number (the test
 * numbers decide, shown in the hint); with Stripe Identity the button opens Stripe's page, and the
 * result arrives by webhook. The pictures are deleted once a decision is made; only the result
 * is kept.
 */
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { identityTexts } from '#contract/identity-texts';
import type { IdentityState } from '#contract/identity';
import { acceptedImageTypes } from '#contract/limits';
import { FormField } from '#web/components/form-field';
import { SubmitButton } from '#web/components/submitting-indicator';
import { apiCall } from '#web/lib/api-client';
import { errorText } from '#web/lib/error-text';
import { invalidateListings, queryKeys } from '#web/lib/query-keys';
import toast from '#web/lib/toast';
import { uploadImage } from '#web/lib/upload-image';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function IdentityVerification({ uid }: { uid: string }) {
  const queryClient = useQueryClient();
  const queryKey = [...queryKeys.profile(uid), 'identity'] as const;
  const identity = useQuery({
    queryKey,
    queryFn: ({ signal }) => apiCall(apiRoutes.identityState, { signal }),
  });
  const [documentImage, setDocumentImage] = useState<File | null>(null);
  const [selfieImage, setSelfieImage] = useState<File | null>(null);
  const [documentNumber, setDocumentNumber] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const settle = async (state: IdentityState) => {
    queryClient.setQueryData(queryKey, state);
    if (state.verified) {
      toast.success(identityTexts.verified);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.profile(uid) }),
        invalidateListings(queryClient),
      ]);
    }
  };

  const submitSandbox = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    if (!documentImage || !selfieImage) {
      setFailure(`Choose the ${!documentImage ? 'photo of your ID document' : 'selfie'}.`);
      return;
    }
    setBusy(true);
    try {
      const [document_image, selfie_image] = await Promise.all([
        uploadImage(documentImage),
        uploadImage(selfieImage),
      ]);
      await settle(
        await apiCall(apiRoutes.startIdentityCheck, {
          body: { document_image, selfie_image, document_number: documentNumber },
        }),
      );
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const startStripe = async () => {
    setFailure('');
    setBusy(true);
    try {
      const state = await apiCall(apiRoutes.startIdentityCheck, { body: {} });
      if (state.url) window.location.assign(state.url);
    } catch (error) {
      setFailure(errorText(error));
      setBusy(false);
    }
  };

  if (!identity.data) {
    return <p className="text-sm">{identity.error ? errorText(identity.error) : 'Loading…'}</p>;
  }
  const state = identity.data;

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">{identityTexts.help}</p>
      {state.verified ? (
        <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="identity-verified">
          <span className="badge badge-success">{identityTexts.verified}</span>
          {state.verified_at && <span>since {dateFormat.format(new Date(state.verified_at))}</span>}
        </p>
      ) : (
        <>
          {state.status === 'pending' && <p className="text-sm">{identityTexts.pending}</p>}
          {state.status === 'declined' && (
            <p className="text-sm" data-testid="identity-declined">
              {identityTexts.declined} {state.reason}
            </p>
          )}
          {state.status === 'canceled' && <p className="text-sm">{identityTexts.canceled}</p>}
          {state.provider === 'stripe' ? (
            <div>
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy}
                onClick={() => void startStripe()}
              >
                {identityTexts.startStripe}
              </button>
            </div>
          ) : (
            <form noValidate onSubmit={(event) => void submitSandbox(event)} className="space-y-2">
              <FormField label={identityTexts.documentImage}>
                <input
                  type="file"
                  accept={acceptedImageTypes.join(',')}
                  className="file-input w-full"
                  onChange={(event) => setDocumentImage(event.target.files?.[0] ?? null)}
                />
              </FormField>
              <FormField label={identityTexts.selfieImage}>
                <input
                  type="file"
                  accept={acceptedImageTypes.join(',')}
                  capture="user"
                  className="file-input w-full"
                  onChange={(event) => setSelfieImage(event.target.files?.[0] ?? null)}
                />
              </FormField>
              <FormField
                label={identityTexts.documentNumber}
                hint={<p className="text-xs text-base-content/70">{identityTexts.sandboxHint}</p>}
              >
                <input
                  type="text"
                  autoComplete="off"
                  className="input w-full"
                  value={documentNumber}
                  onChange={(event) => setDocumentNumber(event.target.value)}
                />
              </FormField>
              <SubmitButton submitting={busy} progressLabel="Checking your identity">
                {identityTexts.submit}
              </SubmitButton>
            </form>
          )}
        </>
      )}
      {failure && (
        <p role="alert" className="text-sm text-error">
          {failure}
        </p>
      )}
    </div>
  );
}
