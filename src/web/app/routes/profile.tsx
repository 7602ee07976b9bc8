/**
 * The signed-in user's profile (route /user/profile): the accounts feature's page with
 * the notifications feature's e-mail settings in its Notifications section (decision 0016, 0018)
 * and, for sellers, the dealers feature's trader-details form (docs/features.md "Dealers").
 */
import { ProfileRoute } from '../../features/accounts/routes/profile';
import { BusinessSellerForm } from '../../features/dealers/components/business-seller-form';
import { NotificationSettings } from '../../features/notifications/components/notification-settings';

export function ProfileWithNotificationsRoute() {
  return (
    <ProfileRoute
      notifications={<NotificationSettings headingLevel={3} />}
      business={(profile) => (
        <BusinessSellerForm key={profile.trader?.legal_name ?? ''} trader={profile.trader} />
      )}
    />
  );
}
