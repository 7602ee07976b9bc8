/** /user/admin/buyers, all buyers (spec §2): the page lives in features/moderation. */
export { AllBuyersRoute } from '../../moderation/routes/all-buyers';
