/**
 * "Business seller" on the profile (sellers only): the trader details a dealer gives once (EU
 * Digital Services Act Art. 30(1)) and the self-certification. Saving makes the seller a
 * business: its listings then say "Dealer · {legal name}" and show these details.
 */
import { useState, type FormEvent } from 'react';
import { dealerTexts, type Trader } from '#contract/dealers';
import { SubmitButton } from '#web/components/submitting-indicator';
import { errorText } from '#web/lib/error-text';
import toast from '#web/lib/toast';
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
  const [problem, setProblem] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await put.mutateAsync({
        ...values,
        opening_hours: values.opening_hours.trim() === '' ? null : values.opening_hours,
        logo_url: trader?.logo_url ?? null,
        self_certified: certified as true,
      });
      toast.success(businessSellerTexts.saved);
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void handleSubmit(event)}>
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
