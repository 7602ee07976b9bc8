/**
 * The signed-in user's profile (route /user/profile): the accounts feature's page with
 * the notifications feature's e-mail settings in its Notifications section (decision 0016, 0018)
 * and, after them, the push notification settings (decision 0045); for sellers, the dealers
 * feature's trader-details form (docs/features.md "Dealers").
 */
import { ProfileRoute } from '../../features/accounts/routes/profile';
import { BusinessSellerForm } from '../../features/dealers/components/business-seller-form';
import { NotificationSettings } from '../../features/notifications/components/notification-settings';
import { PushSettings } from '../../features/notifications/components/push-settings';

export function ProfileWithNotificationsRoute() {
  return (
    <ProfileRoute
      notifications={
        <div className="space-y-6">
          <NotificationSettings headingLevel={3} />
          <PushSettings headingLevel={3} />
        </div>
      }
      business={(profile) => (
        <BusinessSellerForm key={profile.trader?.legal_name ?? ''} trader={profile.trader} />
      )}
    />
  );
}
