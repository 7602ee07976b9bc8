/** /user/admin, all sellers (spec §2): the page lives in features/moderation. */
export { AllSellersRoute } from '../../moderation/routes/all-sellers';
