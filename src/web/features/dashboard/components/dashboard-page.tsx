/** A dashboard page's title and heading; the page bodies come with their own issues. */
import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';

export function DashboardPage({ heading, children }: { heading: string; children?: ReactNode }) {
  return (
    <section>
      <PageTitle title={heading} />
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{heading}</h1>
      {children}
    </section>
  );
}
