/**
 * The page a signed link in a mail opens (`?token=…`: unsubscribe, renew a listing). It asks
 * before it acts — mail scanners open links in mail, so a plain visit must change nothing — and
 * one click runs `action`, the call that sends the token. No sign-in: the token says who and what.
 * Without a token it says `invalidText`; after the call, `success` with the call's answer; a
 * refused call shows the server's message and the button stays.
 */
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '#web/components/page-title';
import { errorText } from '#web/lib/error-text';
import { paths } from '#web/lib/paths';

export interface SignedLinkPageProps<T> {
  title: string;
  /** The link's token; '' when the link has none. */
  token: string;
  invalidText: string;
  /** What the button will do, asked as a question. */
  question: string;
  actionLabel: string;
  action: UseMutationResult<T, Error, void>;
  success: (answer: T) => ReactNode;
}

export function SignedLinkPage<T>({
  title,
  token,
  invalidText,
  question,
  actionLabel,
  action,
  success,
}: SignedLinkPageProps<T>) {
  return (
    <section className="mx-auto max-w-lg space-y-4 px-4 py-10">
      <PageTitle title={title} />
      <h1 className="text-3xl font-bold">{title}</h1>
      {!token ? (
        <p role="alert" className="alert alert-soft alert-error">
          {invalidText}
        </p>
      ) : action.isSuccess ? (
        <p role="status" className="alert alert-soft alert-success">
          {success(action.data)}
        </p>
      ) : (
        <>
          <p>{question}</p>
          {action.isError && (
            <p role="alert" className="alert alert-soft alert-error">
              {errorText(action.error)}
            </p>
          )}
          <button
            type="button"
            className="btn btn-primary"
            disabled={action.isPending}
            onClick={() => action.mutate()}
          >
            {actionLabel}
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
