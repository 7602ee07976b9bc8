/**
 * "You Are Not A Seller" (/seller-not-found), with `Start selling` under the text for a signed-in
 * account (decision 0042: every account may add the seller role itself).
 */
import { StartSellingButton } from '../../features/accounts/components/start-selling';
import { RoleNotFoundRoute } from '../../features/errors/routes/role-not-found';

export function SellerNotFoundRoute() {
  return <RoleNotFoundRoute role="seller" action={<StartSellingButton />} />;
}
