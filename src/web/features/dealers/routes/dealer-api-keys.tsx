/**
 * Seller dashboard → API keys (business sellers; decision 0046): a dealer's own system adds,
 * changes and removes cars one at a time with `X-Api-Key`. Create a key (shown once, with a copy
 * button: only its SHA-256 stays on the server), see each key's last use, revoke one (asks first,
 * decision 0040). Private sellers are sent to their profile to give trader details first.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { dealerTexts } from '#contract/dealers';
import { confirmAction, dialogTexts, showFailure } from '#web/components/dialogs';
import { ErrorMessage } from '#web/components/error-message';
import { LocalTime } from '#web/components/local-time';
import { PageTitle } from '#web/components/page-title';
import { ProgressBar } from '#web/components/progress-bar';
import { SubmitButton } from '#web/components/submitting-indicator';
import { errorText } from '#web/lib/error-text';
import { paths } from '#web/lib/paths';
import toast from '#web/lib/toast';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/dealers';
import type { DealerImportRouteProps } from './dealer-import';

export const apiKeyTexts = {
  title: 'API keys',
  intro:
    'Your stock system can add, change and remove one car at a time: send a key in the X-Api-Key header to PUT or DELETE /api/dealer/inventory/{external_id}, with the import’s columns.',
  docs: 'The API documentation',
  name: 'Key name',
  create: 'Create key',
  newKey: 'Your new key',
  shownOnce: 'Copy it now: it is shown only once.',
  newKeyLabel: 'New API key',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Select the key and copy it yourself',
  list: 'Your keys',
  none: 'No API keys yet.',
  neverUsed: 'Never used',
  revoked: 'API key revoked',
} as const;

function NewKey({ value }: { value: string }) {
  const headingId = useId();
  const [copied, setCopied] = useState(false);
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast.error(apiKeyTexts.copyFailed);
    }
  };
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-box border border-success bg-base-100 p-4"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {apiKeyTexts.newKey}
      </h2>
      <p className="text-sm">{apiKeyTexts.shownOnce}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          readOnly
          aria-label={apiKeyTexts.newKeyLabel}
          className="input input-bordered w-full min-w-0 font-mono text-sm"
          value={value}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="btn btn-primary" onClick={() => void handleCopy()}>
          {copied ? apiKeyTexts.copied : apiKeyTexts.copy}
        </button>
      </div>
      <p className="sr-only" role="status">
        {copied ? apiKeyTexts.copied : ''}
      </p>
    </section>
  );
}

function ApiKeys() {
  const keys = useApiKeys(true);
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const nameId = useId();
  const listId = useId();
  const [name, setName] = useState('');
  const [made, setMade] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const handleCreate = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      const answer = await create.mutateAsync(name.trim());
      setMade(answer.key);
      setName('');
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  const handleRevoke = async (key: { id: string; name: string; prefix: string }) => {
    const confirmed = await confirmAction({
      title: `Revoke ${key.name}?`,
      detail: `${key.prefix}…`,
      consequence: 'Requests with this key are refused from now on; this cannot be undone.',
      tone: 'destructive',
    });
    if (!confirmed) return;
    try {
      await revoke.mutateAsync(key.id);
      toast.success(apiKeyTexts.revoked);
    } catch (error) {
      await showFailure(dialogTexts.adminFailure, errorText(error));
    }
  };

  return (
    <>
      <p className="text-sm">
        {apiKeyTexts.intro}{' '}
        <a className="link" href="/api/docs">
          {apiKeyTexts.docs}
        </a>
        .
      </p>
      <form className="flex flex-col gap-3" onSubmit={(event) => void handleCreate(event)}>
        <div className="flex flex-col gap-1">
          <label htmlFor={nameId} className="text-sm font-medium">
            {apiKeyTexts.name}
          </label>
          <input
            id={nameId}
            name="name"
            required
            maxLength={60}
            autoComplete="off"
            className="input input-bordered w-full"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        {problem && (
          <p role="alert" className="text-sm text-error">
            {problem}
          </p>
        )}
        <div>
          <SubmitButton submitting={create.isPending} progressLabel="Creating the key">
            {apiKeyTexts.create}
          </SubmitButton>
        </div>
      </form>
      {made && <NewKey value={made} />}
      <section aria-labelledby={listId} className="flex flex-col gap-2">
        <h2 id={listId} className="text-lg font-semibold">
          {apiKeyTexts.list}
        </h2>
        {keys.isPending ? (
          <ProgressBar label="Loading your keys" />
        ) : keys.isError ? (
          <ErrorMessage error={keys.error} />
        ) : keys.data.length === 0 ? (
          <p className="text-sm text-base-content/70">{apiKeyTexts.none}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {keys.data.map((key) => (
              <li
                key={key.id}
                data-testid="api-key"
                className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex min-w-0 flex-col gap-0.5 text-sm">
                  <span className="font-semibold [overflow-wrap:anywhere]">{key.name}</span>
                  <span className="font-mono text-base-content/70">{key.prefix}…</span>
                  <span>
                    Created <LocalTime value={key.created_at} /> ·{' '}
                    {key.last_used_at ? (
                      <>
                        Last used <LocalTime value={key.last_used_at} />
                      </>
                    ) : (
                      apiKeyTexts.neverUsed
                    )}
                  </span>
                </div>
                <button
                  type="button"
                  className="btn btn-outline btn-error btn-sm self-start sm:self-center"
                  aria-label={`Revoke ${key.name}`}
                  disabled={revoke.isPending && revoke.variables === key.id}
                  onClick={() => void handleRevoke(key)}
                >
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export function DealerApiKeysRoute({ profile }: DealerImportRouteProps) {
  const business = profile.data?.seller_type === 'business';
  return (
    <div className="flex w-full max-w-3xl flex-col gap-4">
      <PageTitle title={apiKeyTexts.title} />
      <h1 className="text-2xl font-bold">{apiKeyTexts.title}</h1>
      {profile.isPending ? (
        <ProgressBar label="Loading" />
      ) : profile.isError ? (
        <ErrorMessage error={profile.error} />
      ) : !business ? (
        <p>
          {dealerTexts.businessOnly}:{' '}
          <Link className="link" to={`${paths.profile.href()}#business-seller`}>
            Business seller on your profile
          </Link>
          .
        </p>
      ) : (
        <ApiKeys />
      )}
    </div>
  );
}
