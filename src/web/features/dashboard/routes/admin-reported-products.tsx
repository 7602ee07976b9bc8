/** /user/admin/reported-product, reported products (spec §2): the page lives in features/moderation. */
export { ReportedProductsRoute } from '../../moderation/routes/reported-products';
