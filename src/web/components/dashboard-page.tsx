/** A dashboard page's document title and heading above its body (docs/product.md §2 dashboards). */
import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

export function DashboardPage({ heading, children }: { heading: string; children?: ReactNode }) {
  return (
    <section>
      <PageTitle title={heading} />
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{heading}</h1>
      {children}
    </section>
  );
}
