/**
 * Named URL builders kept for the server's API tests (src/server/routes/moderation/*.test.ts),
 * which call e.g. `apiPaths.deleteUser(uid, id)`. Each is `apiUrl` over the generated route table,
 * so no URL is written here: the contract's entry is the only source (decision 0007).
 * @deprecated New code calls `apiUrl(apiRoutes.<route>, {params, query})` (./routes.ts); ESLint
 * refuses this module in src/web and tests/e2e. Delete it once the server tests use `apiUrl`.
 */
import * as apiRoutes from './route-table.js';
import { apiUrl } from './routes.js';

/** @deprecated Use `apiUrl(apiRoutes.<route>, {params, query})`. */
export const apiPaths = {
  health: () => apiUrl(apiRoutes.health),
  categories: () => apiUrl(apiRoutes.listCategories),
  promotedProducts: () => apiUrl(apiRoutes.listPromotedProducts),
  blogs: () => apiUrl(apiRoutes.listBlogs),
  categoryProducts: (id: string) => apiUrl(apiRoutes.listCategoryProducts, { params: { id } }),
  sellerVerification: (sellerUid: string) =>
    apiUrl(apiRoutes.sellerVerification, { params: { sellerUid } }),
  products: () => apiUrl(apiRoutes.listOwnProducts),
  promoteProduct: (uid: string, id: string) =>
    apiUrl(apiRoutes.promoteProduct, { params: { uid }, query: { id } }),
  deleteProduct: (uid: string, id: string) =>
    apiUrl(apiRoutes.deleteProduct, { params: { uid }, query: { id } }),
  usersByRole: (uid: string, role: 'buyer' | 'seller') =>
    apiUrl(apiRoutes.listUsersByRole, { params: { uid }, query: { role } }),
  verifySeller: (uid: string, id: string) =>
    apiUrl(apiRoutes.verifySeller, { params: { uid }, query: { id } }),
  deleteUser: (uid: string, id: string) =>
    apiUrl(apiRoutes.deleteUser, { params: { uid }, query: { id } }),
  reportedProducts: (uid: string) => apiUrl(apiRoutes.listReportedProducts, { params: { uid } }),
  markProductSafe: (uid: string, id: string) =>
    apiUrl(apiRoutes.markProductSafe, { params: { uid }, query: { id } }),
  deleteReportedProduct: (uid: string, id: string) =>
    apiUrl(apiRoutes.deleteReportedProduct, { params: { uid }, query: { id } }),
  auditLog: (uid: string) => apiUrl(apiRoutes.listAuditLog, { params: { uid } }),
  orders: () => apiUrl(apiRoutes.listOwnOrders),
  order: (id: string) => apiUrl(apiRoutes.getOrder, { params: { id } }),
  reportProduct: (id: string) => apiUrl(apiRoutes.reportProduct, { query: { id } }),
  paymentConfig: () => apiUrl(apiRoutes.paymentConfig),
  createPaymentIntent: (productId: string) =>
    apiUrl(apiRoutes.createPaymentIntent, { params: { productId } }),
  payments: () => apiUrl(apiRoutes.createPayment),
  sandboxPaymentMethods: () => apiUrl(apiRoutes.createSandboxPaymentMethod),
  sandboxConfirmPaymentIntent: (intentId: string) =>
    apiUrl(apiRoutes.confirmSandboxPaymentIntent, { params: { id: intentId } }),
  stripeWebhook: () => apiUrl(apiRoutes.stripeWebhook),
} as const;
