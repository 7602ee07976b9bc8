/**
 * "Business seller" on the profile (sellers only): the trader details a dealer gives once (EU
 * Digital Services Act Art. 30(1)) and the self-certification, plus what the dealer page
 * `/seller/{uid}` shows besides them: opening hours and a logo (uploaded as any image is, then
 * saved with the details). Saving makes the seller a business: its listings then say
 * "Dealer · {legal name}" and show these details. An admin's check of the details, when there is
 * one, is said above the form.
 */
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { dealerTexts, type Trader } from '#contract/dealers';
import { acceptedImageTypes, imageFileProblem, imageInputHint } from '#contract/limits';
import { SubmitButton, SubmittingIndicator } from '#web/components/submitting-indicator';
import { errorText } from '#web/lib/error-text';
import toast from '#web/lib/toast';
import { uploadImage } from '#web/lib/upload-image';
import { usePutTrader } from '../api/dealers';

const fields = [
  { name: 'legal_name', label: 'Legal name', autoComplete: 'organization', type: 'text' },
  { name: 'address', label: 'Address', autoComplete: 'street-address', type: 'text' },
  { name: 'phone', label: 'Business phone', autoComplete: 'tel', type: 'tel' },
  { name: 'email', label: 'Business e-mail', autoComplete: 'email', type: 'email' },
  { name: 'register_name', label: 'Trade register', autoComplete: 'off', type: 'text' },
  { name: 'register_number', label: 'Registration number', autoComplete: 'off', type: 'text' },
  { name: 'opening_hours', label: 'Opening hours (optional)', autoComplete: 'off', type: 'text' },
] as const;

type FieldName = (typeof fields)[number]['name'];

export const businessSellerTexts = {
  intro:
    'Selling as a business? Give your trader details once: buyers see "Dealer" and these details on your listings, and you can import your stock.',
  saved: 'Trader details saved: you sell as a business',
  save: 'Save trader details',
  logo: 'Logo (optional)',
  logoAlt: 'Your logo',
  removeLogo: 'Remove logo',
  logoHint: `Shown on your dealer page. ${imageInputHint}.`,
} as const;

/** What the dealer reads about an admin's check of its trader details. */
export const traderCheckTexts = {
  requested:
    'Second Gear has asked to check your trader details: keep them complete and correct. We may contact you at your business e-mail.',
  passed: 'Second Gear has checked your trader details.',
  failed:
    'Your trader details did not pass our check: correct them and save them again. Saving asks for a new check.',
} as const;

export function BusinessSellerForm({ trader }: { trader: Trader | null }) {
  const put = usePutTrader();
  const [values, setValues] = useState<Record<FieldName, string>>({
    legal_name: trader?.legal_name ?? '',
    address: trader?.address ?? '',
    phone: trader?.phone ?? '',
    email: trader?.email ?? '',
    register_name: trader?.register_name ?? '',
    register_number: trader?.register_number ?? '',
    opening_hours: trader?.opening_hours ?? '',
  });
  const [certified, setCertified] = useState(trader !== null);
  const [logo, setLogo] = useState<string | null>(trader?.logo_url ?? null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const logoId = useId();
  const logoHintId = useId();

  const handleLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setProblem(null);
    const refused = imageFileProblem(file, 'Logo');
    if (refused) {
      setProblem(refused);
      input.value = '';
      return;
    }
    setUploading(true);
    try {
      setLogo(await uploadImage(file));
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setUploading(false);
      input.value = '';
    }
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (uploading) {
      setProblem('Wait until the logo has been uploaded');
      return;
    }
    try {
      await put.mutateAsync({
        ...values,
        opening_hours: values.opening_hours.trim() === '' ? null : values.opening_hours,
        logo_url: logo,
        self_certified: certified as true,
      });
      toast.success(businessSellerTexts.saved);
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void handleSubmit(event)}>
      {trader?.check && (
        <p
          className={`text-sm ${trader.check === 'failed' ? 'text-error' : ''}`}
          data-testid="trader-check"
        >
          {traderCheckTexts[trader.check]}
        </p>
      )}
      <p className="text-sm">{businessSellerTexts.intro}</p>
      {fields.map((field) => (
        <label key={field.name} className="form-control w-full">
          <span className="label-text mb-1 block text-sm font-medium">{field.label}</span>
          <input
            className="input input-bordered w-full"
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            required={field.name !== 'opening_hours'}
            value={values[field.name]}
            onChange={(event) =>
              setValues((current) => ({ ...current, [field.name]: event.target.value }))
            }
          />
        </label>
      ))}
      <div className="flex flex-col gap-1">
        <label htmlFor={logoId} className="text-sm font-medium">
          {businessSellerTexts.logo}
        </label>
        <div className="flex flex-wrap items-center gap-3">
          {logo && (
            <img
              src={logo}
              alt={businessSellerTexts.logoAlt}
              width={64}
              height={64}
              className="size-16 rounded-box border border-base-300 object-contain"
            />
          )}
          <input
            id={logoId}
            type="file"
            accept={acceptedImageTypes.join(',')}
            aria-describedby={logoHintId}
            className="file-input w-full min-w-0 flex-1"
            disabled={uploading}
            onChange={(event) => void handleLogo(event)}
          />
          {logo && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setLogo(null)}>
              {businessSellerTexts.removeLogo}
            </button>
          )}
        </div>
        <p id={logoHintId} className="text-xs text-base-content/70">
          {businessSellerTexts.logoHint}
        </p>
        {uploading && <SubmittingIndicator label="Uploading the logo" />}
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="checkbox checkbox-sm mt-0.5"
          checked={certified}
          onChange={(event) => setCertified(event.target.checked)}
          required
        />
        <span>{dealerTexts.selfCertified}</span>
      </label>
      {problem && (
        <p role="alert" className="text-sm text-error">
          {problem}
        </p>
      )}
      <div>
        <SubmitButton submitting={put.isPending} progressLabel="Saving">
          {businessSellerTexts.save}
        </SubmitButton>
      </div>
    </form>
  );
}
