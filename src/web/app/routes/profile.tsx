/**
 * The signed-in user's profile (route /user/profile): the accounts feature's page with
 * the notifications feature's e-mail settings in its Notifications section (decision 0016, 0018).
 */
import { ProfileRoute } from '../../features/accounts/routes/profile';
import { NotificationSettings } from '../../features/notifications/components/notification-settings';

export function ProfileWithNotificationsRoute() {
  return <ProfileRoute notifications={<NotificationSettings headingLevel={3} />} />;
}
