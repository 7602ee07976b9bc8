/** Payment page (spec §2, /payment/{id}): placeholder until the payments issue builds it. */
import { PageTitle } from '../../../components/page-title';

export function PaymentRoute() {
  return (
    <section className="mx-auto max-w-xl">
      <PageTitle title="Product Info" />
      <h1 className="mb-6 text-2xl font-bold">Product Info</h1>
    </section>
  );
}
