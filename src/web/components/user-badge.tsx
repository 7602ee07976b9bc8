/** The signed-in user's photo, display name and email (docs/product.md §2 dashboards' sidebar badge). */
import type { AuthUser } from '../lib/auth/auth-context';
import { UserAvatar } from './user-avatar';

export function UserBadge({ user }: { user: AuthUser }) {
  return (
    <div data-testid="user-badge" className="flex items-center gap-3 rounded-box bg-base-200 p-3">
      <UserAvatar user={user} size="size-12" />
      <div className="min-w-0">
        <p className="truncate font-semibold" title={user.displayName}>
          {user.displayName}
        </p>
        <p className="badge block badge-sm max-w-full truncate badge-primary" title={user.email}>
          {user.email}
        </p>
      </div>
    </div>
  );
}
