/**
 * The signed-in user's profile (route /user/profile): the accounts feature's page with the
 * notifications feature's settings (e-mail and push switches side by side, decisions 0018 and
 * 0045) in its Notifications section (decision 0016); for sellers, the dealers feature's
 * trader-details form (docs/features.md "Dealers").
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
