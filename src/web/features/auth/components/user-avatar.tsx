/** The user's photo in a round frame; the initial of their name when they have no photo. */
import type { AuthUser } from '../lib/auth-context';

export function UserAvatar({ user, size = 'size-10' }: { user: AuthUser; size?: string }) {
  if (user.photoURL) {
    return (
      <div className="avatar">
        <div className={`${size} rounded-full ring-2 ring-primary/40`}>
          <img src={user.photoURL} alt={user.displayName} referrerPolicy="no-referrer" />
        </div>
      </div>
    );
  }
  return (
    <div className="avatar avatar-placeholder">
      <div className={`${size} rounded-full bg-primary text-primary-content`}>
        <span role="img" aria-label={user.displayName}>
          {user.displayName.trim().charAt(0).toUpperCase() || '?'}
        </span>
      </div>
    </div>
  );
}
