/**
 * The 403 page (docs/product.md §2, §8 Role failure): titled Access Forbidden, shows "403!", a supplied
 * message, a "Go back home" link to / and a LOGOUT button that signs out (toast "Logout
 * Success", then /login; a failure is only logged, as in the navigation bar).
 */
import toast from '#web/lib/toast';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '#web/components/page-title';
import { useAuth } from '#web/lib/auth/auth-context';
import { paths } from '#web/lib/paths';

export interface ForbiddenProps {
  /** Why access was refused, shown under "403!". */
  message: string;
}

export function Forbidden({ message }: ForbiddenProps) {
  const { logOut } = useAuth();
  const navigate = useNavigate();
  const handleLogout = () => {
    logOut()
      .then(() => {
        toast.success('Logout Success');
        void navigate(paths.login.href());
      })
      .catch((error: unknown) => console.error('Logout failed', error));
  };
  return (
    <div className="flex flex-col items-center justify-center gap-5 py-16 text-center">
      <PageTitle title="Access Forbidden" />
      <h1 className="text-3xl font-bold">Access Forbidden</h1>
      <p className="text-7xl font-black text-error">403!</p>
      <p className="max-w-prose text-lg text-base-content/80">{message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.home.href()} className="btn btn-outline">
          Go back home
        </Link>
        <button type="button" className="btn btn-error" onClick={handleLogout}>
          LOGOUT
        </button>
      </div>
    </div>
  );
}
