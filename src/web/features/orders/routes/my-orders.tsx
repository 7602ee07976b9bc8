/**
 * My Orders (/user/buyer; docs/product.md §2 Buyer dashboard): heading "All order List", the buyer's orders
 * in a table, or "You have not placed any order yet!". The buyer dashboard shell and its role
 * guard come from the router. `paidAction` adds an action to each paid order (the app
 * composes the reviews feature's Write a review in, src/web/app/routes/my-orders.tsx).
 */
import type { ReactNode } from 'react';
import type { Order } from '#contract/orders';
import { ErrorMessage } from '#web/components/error-message';
import { ProgressBar } from '#web/components/progress-bar';
import { DashboardPage } from '#web/components/dashboard-page';
import { useOrders } from '../api/get-orders';
import { OrdersTable } from '../components/orders-table';

export function MyOrdersRoute({ paidAction }: { paidAction?: (order: Order) => ReactNode } = {}) {
  const { data: orders, isPending, error } = useOrders();
  return (
    <DashboardPage heading="All order List">
      {isPending ? (
        <ProgressBar label="Loading your orders" />
      ) : !orders ? (
        <ErrorMessage error={error} />
      ) : orders.length === 0 ? (
        <p className="py-10 text-center text-lg">You have not placed any order yet!</p>
      ) : (
        <OrdersTable orders={orders} paidAction={paidAction} />
      )}
    </DashboardPage>
  );
}
