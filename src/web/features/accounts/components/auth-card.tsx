/** The frame of the account pages: a centred card with the page's heading. */
import type { ReactNode } from 'react';
import { PageTitle } from '#web/components/page-title';

export function AuthCard({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md py-6 sm:py-10">
      <PageTitle title={heading} />
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4 p-6 sm:p-8">
          <h1 className="text-center text-3xl font-bold">{heading}</h1>
          {children}
        </div>
      </div>
    </div>
  );
}
