/**
 * `Save this search` on `/search`: opens a dialog asking for a name (suggested from
 * the query) and the alert frequency, and saves the current query and filters. A refusal (the
 * per-user cap, a field the server names) shows inside the dialog; success toasts with a link to
 * `/saved-searches`.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import toast from '#web/lib/toast';
import {
  savedSearchNameMax,
  savedSearchTexts,
  type SavedSearchAlert,
} from '#contract/saved-searches';
import { FormField } from '#web/components/form-field';
import { SubmittingIndicator } from '#web/components/submitting-indicator';
import { errorText } from '#web/lib/error-text';
import { paths } from '#web/lib/paths';
import { useCreateSavedSearch } from '../api/saved-searches';
import { AlertSelect } from './alert-select';

export interface SaveSearchButtonProps {
  /** The search's query parameters as in `/search`'s URL (filters and a non-default sort). */
  query: Record<string, string>;
}

/** A readable default name: the keyword and the main filters, e.g. "Toyota under $15000". */
function suggestedName(query: Record<string, string>): string {
  const parts = [query.q, query.make, query.model].filter(Boolean);
  if (query.max_price) parts.push(`under $${query.max_price}`);
  const name = parts.join(' ').trim() || 'All listings';
  return name.slice(0, savedSearchNameMax);
}

export function SaveSearchButton({ query }: SaveSearchButtonProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const [name, setName] = useState('');
  const [alert, setAlert] = useState<SavedSearchAlert>('instant');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateSavedSearch();

  const open = () => {
    setName(suggestedName(query));
    setAlert('instant');
    setError(undefined);
    dialogRef.current?.showModal();
  };
  const close = () => dialogRef.current?.close();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Name is required');
      return;
    }
    try {
      await create.mutateAsync({ name: name.trim(), query, alert });
      close();
      toast.success('Search saved');
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <>
      <button type="button" className="btn btn-outline btn-sm btn-primary" onClick={open}>
        {savedSearchTexts.save}
      </button>
      <dialog ref={dialogRef} className="modal" aria-labelledby={headingId}>
        <div className="modal-box">
          <h2 id={headingId} className="text-xl font-bold">
            {savedSearchTexts.save}
          </h2>
          <p className="mt-1 text-sm text-base-content/80">
            Find it again in{' '}
            <Link className="link" to={paths.savedSearches.href()}>
              {savedSearchTexts.title}
            </Link>
            .
          </p>
          <form noValidate onSubmit={(event) => void submit(event)} className="mt-2 space-y-2">
            <FormField label="Name" error={error}>
              <input
                type="text"
                className="input w-full"
                maxLength={savedSearchNameMax}
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            </FormField>
            <FormField label="E-mail alerts">
              <AlertSelect value={alert} onChange={setAlert} />
            </FormField>
            <div className="modal-action">
              {create.isPending ? (
                <div className="w-full">
                  <SubmittingIndicator label="Saving the search" />
                </div>
              ) : (
                <>
                  <button type="button" className="btn btn-ghost" onClick={close}>
                    Cancel
                  </button>
                  <button type="submit" className="btn btn-primary">
                    Save
                  </button>
                </>
              )}
            </div>
          </form>
        </div>
        <form method="dialog" className="modal-backdrop">
          <button type="submit" tabIndex={-1} aria-label="Close">
            close
          </button>
        </form>
      </dialog>
    </>
  );
}
