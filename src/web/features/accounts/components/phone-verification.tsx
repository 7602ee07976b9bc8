/**
 * The profile's phone number (decision 0044): type a number, get a 6-digit code by text message,
 * type it back. A verified number shows buyers a "Phone verified" badge, is the number buyers see
 * on the seller's listings, prefills new listings, and lifts the limits on new accounts' first
 * messages. The server's message is shown under the field it concerns (a wrong code says how
 * many tries are left).
 */
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import type { Profile } from '#contract/profile';
import { verificationTexts } from '#contract/verification';
import { FormField } from '#web/components/form-field';
import { SubmitButton } from '#web/components/submitting-indicator';
import { apiCall } from '#web/lib/api-client';
import { errorText } from '#web/lib/error-text';
import { invalidateListings, queryKeys } from '#web/lib/query-keys';
import toast from '#web/lib/toast';

export function PhoneVerification({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const verified = profile.phone?.verified ? profile.phone.number : null;
  const [phone, setPhone] = useState(verified ?? '');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [codeError, setCodeError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setPhoneError(undefined);
    try {
      const state = await apiCall(apiRoutes.requestPhoneCode, { body: { phone } });
      setSentTo(state.phone);
      setCode('');
      setCodeError(undefined);
    } catch (error) {
      setPhoneError(errorText(error).replace(/^body\.phone:?\s*/, ''));
    } finally {
      setBusy(false);
    }
  };

  const checkCode = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setCodeError(undefined);
    try {
      await apiCall(apiRoutes.verifyPhone, { body: { code } });
      setSentTo(null);
      toast.success(verificationTexts.phoneVerified);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.profile(profile.uid) }),
        invalidateListings(queryClient),
      ]);
    } catch (error) {
      setCodeError(errorText(error).replace(/^body\.code:?\s*/, ''));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">{verificationTexts.phoneHelp}</p>
      {verified && (
        <p className="flex items-center gap-2 text-sm" data-testid="phone-verified">
          <span className="badge badge-success">{verificationTexts.phoneVerified}</span>
          <span className="font-medium">{verified}</span>
        </p>
      )}
      <form noValidate onSubmit={(event) => void sendCode(event)} className="space-y-2">
        <FormField label="Phone number" error={phoneError}>
          <input
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            className="input w-full"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
          />
        </FormField>
        <SubmitButton submitting={busy && !sentTo} progressLabel="Sending the code">
          {verificationTexts.sendCode}
        </SubmitButton>
      </form>
      {sentTo && (
        <form noValidate onSubmit={(event) => void checkCode(event)} className="space-y-2">
          <p className="text-sm" role="status">
            {verificationTexts.codeSent} <span className="font-medium">{sentTo}</span>.
          </p>
          <FormField label={verificationTexts.codeLabel} error={codeError}>
            <input
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              className="input w-full"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </FormField>
          <SubmitButton submitting={busy} progressLabel="Checking the code">
            {verificationTexts.verify}
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
