/** Seller dashboard → API keys: the dealers feature's page with the accounts feature's profile. */
import { useProfile } from '../../features/accounts/api/profile';
import { DealerApiKeysRoute } from '../../features/dealers/routes/dealer-api-keys';

export function DealerApiKeysWithProfileRoute() {
  return <DealerApiKeysRoute profile={useProfile()} />;
}
