/** /user/buyer, the buyer's orders (spec §2 Buyer dashboard): built in features/orders. */
export { MyOrdersRoute } from '../../orders/routes/my-orders';
