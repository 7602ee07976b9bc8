/**
 * The role-failure pages of docs/product.md §2: /admin-not-found, /seller-not-found and /buyer-not-found
 * show "You Are Not An Admin", "You Are Not A Seller" and "You Are Not A Buyer".
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '#web/components/page-title';
import { paths } from '#web/lib/paths';

export const roleNotFoundMessages = {
  admin: 'You Are Not An Admin',
  seller: 'You Are Not A Seller',
  buyer: 'You Are Not A Buyer',
} as const;

export function RoleNotFoundRoute({
  role,
  action,
}: {
  role: keyof typeof roleNotFoundMessages;
  /** What lets the user gain the role, under the text (the app composes Start selling in). */
  action?: ReactNode;
}) {
  const message = roleNotFoundMessages[role];
  return (
    <div className="flex flex-col items-center justify-center gap-6 py-16 text-center">
      <PageTitle title={message} />
      <h1 className="text-3xl font-bold sm:text-4xl">{message}</h1>
      {action}
      <Link to={paths.home.href()} className="btn btn-primary">
        Go back home
      </Link>
    </div>
  );
}
