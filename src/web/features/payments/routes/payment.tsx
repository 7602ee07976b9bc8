/**
 * Payment page (/payment/{id}, id = order id; docs/product.md §2 Payment page, §4 Payment flow, §8). The
 * order is read (`GET /api/order/{id}`) only when a buyer is signed in. Unpaid: "Product Info",
 * "Payment for {product name}", the price, the card input and Pay. Paid: the success screen.
 * No order (404, a failed read, or a user who is not a buyer): "No order found" (the failure is
 * only logged, docs/product.md §8). After a payment: "Congrats! your payment completed" with the transaction
 * id, and the order is read again, which shows the success screen.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { formatDollars } from '#contract/money';
import { paymentTexts } from '#contract/payments';
import { PageTitle } from '#web/components/page-title';
import { ProgressBar } from '#web/components/progress-bar';
import { useAuth } from '#web/lib/auth/auth-context';
import { useIsBuyer } from '#web/lib/auth/roles';
import { queryKeys } from '#web/lib/query-keys';
import { useOrder } from '../api/get-order';
import { CheckoutForm } from '../components/checkout-form';
import { PaidScreen } from '../components/paid-screen';

export function PaymentRoute() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const isBuyer = useIsBuyer();
  const queryClient = useQueryClient();
  const uid = user?.uid ?? '';
  const order = useOrder(uid, id, isBuyer.holds);
  /** The transaction id of the payment made on this page, if any. */
  const [transactionId, setTransactionId] = useState<string | null>(null);

  useEffect(() => {
    // docs/product.md §8 Order fetch failure: only logged; the page shows "No order found".
    if (order.error) console.error('Order fetch failed', order.error);
  }, [order.error]);

  const handlePaid = (paidWith: string) => {
    setTransactionId(paidWith);
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.catalog.allCategoryProducts });
  };

  if (isBuyer.isLoading || (isBuyer.holds && order.isPending)) {
    return <ProgressBar label="Loading the order" />;
  }

  const data = order.data;
  return (
    <section className="mx-auto w-full max-w-xl space-y-6 py-6">
      {transactionId && (
        <div role="status" className="alert alert-success alert-soft">
          <div className="min-w-0 space-y-1">
            <p className="font-semibold">{paymentTexts.paid}</p>
            <p className="break-all">
              Your transaction id: <span className="font-mono font-bold">{transactionId}</span>
            </p>
          </div>
        </div>
      )}
      {!data ? (
        <>
          <PageTitle title={paymentTexts.noOrder} />
          <h1 className="py-10 text-center text-2xl font-bold">{paymentTexts.noOrder}</h1>
        </>
      ) : data.order_status ? (
        <>
          <PageTitle title={paymentTexts.orderPlaced} />
          <PaidScreen />
        </>
      ) : (
        <>
          <PageTitle title={`Payment for ${data.product_info.product_name}`} />
          <div className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body gap-4 p-6">
              <h1 className="text-sm font-semibold tracking-wide text-base-content/70 uppercase">
                Product Info
              </h1>
              <div className="flex items-center gap-4">
                <img
                  src={data.product_info.product_image}
                  alt={data.product_info.product_name}
                  width={96}
                  height={72}
                  className="h-18 w-24 rounded-box object-cover"
                />
                <div>
                  <h2 className="text-2xl font-bold">
                    Payment for {data.product_info.product_name}
                  </h2>
                  <p className="text-lg">
                    Price:{' '}
                    <strong className="text-primary">
                      {formatDollars(data.product_info.product_price)}
                    </strong>
                  </p>
                </div>
              </div>
              {user && <CheckoutForm order={data} user={user} onPaid={handlePaid} />}
            </div>
          </div>
        </>
      )}
    </section>
  );
}
