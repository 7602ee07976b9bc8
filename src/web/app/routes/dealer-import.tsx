/** Seller dashboard → Import: the dealers feature's page with the accounts feature's profile. */
import { useProfile } from '../../features/accounts/api/profile';
import { DealerImportRoute } from '../../features/dealers/routes/dealer-import';

export function DealerImportWithProfileRoute() {
  return <DealerImportRoute profile={useProfile()} />;
}
