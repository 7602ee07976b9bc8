/**
 * A user's photo in a round frame; the initial of their name when they have no photo. Takes any
 * user with a display name and a photo URL: the signed-in user, or a user of the admin's lists.
 */
import { ResponsiveImage } from './responsive-image';

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
          {/* At most 96 CSS px (size-24): the 320 px variant of an upload is plenty. */}
          <ResponsiveImage
            src={user.photoURL}
            alt={user.displayName}
            sizes="96px"
            width={96}
            height={96}
            referrerPolicy="no-referrer"
          />
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
