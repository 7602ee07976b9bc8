/**
 * The navigation bar's link to /messages with the unread badge, for a signed-in user.
 * Mounting it keeps the user's message stream open, so the badge, the list and an open thread
 * update without a reload.
 */
import { NavIconLink } from '#web/components/nav-icon-link';
import { paths } from '#web/lib/paths';
import { useMessageStream, useUnreadCount } from '../api/messages';

export function MessagesLink() {
  useMessageStream();
  const unread = useUnreadCount().data?.unread ?? 0;
  const label = unread > 0 ? `Messages, ${unread} unread` : 'Messages';
  return (
    <NavIconLink
      to={paths.messages.href()}
      label={label}
      iconPath="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"
      testId="messages-link"
    >
      {unread > 0 && (
        <span className="indicator-item badge badge-sm badge-secondary" data-testid="unread-badge">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </NavIconLink>
  );
}
