/**
 * A user's photo in a round frame; the initial of their name when they have no photo. Takes any
 * user with a display name and a photo URL: the signed-in user, or a user of the admin's lists.
 */
export interface AvatarUser {
  displayName: string;
  /** Empty when the user has no photo. */
  photoURL: string;
}

export function UserAvatar({ user, size = 'size-10' }: { user: AvatarUser; size?: string }) {
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
