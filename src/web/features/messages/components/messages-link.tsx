/**
 * The navigation bar's link to /messages with the unread badge (issue 14), for a signed-in user.
 * Mounting it keeps the user's message stream open, so the badge, the list and an open thread
 * update without a reload.
 */
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useMessageStream, useUnreadCount } from '../api/messages';

export function MessagesLink() {
  useMessageStream();
  const unread = useUnreadCount().data?.unread ?? 0;
  const label = unread > 0 ? `Messages, ${unread} unread` : 'Messages';
  return (
    <Link
      to={paths.messages.href()}
      className="btn indicator btn-circle btn-ghost"
      aria-label={label}
      title={label}
      data-testid="messages-link"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
      >
        <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
      </svg>
      {unread > 0 && (
        <span className="indicator-item badge badge-sm badge-secondary" data-testid="unread-badge">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
