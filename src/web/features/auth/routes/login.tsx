/** Placeholder of the Login page (spec §2 Login); the accounts issue builds the form. */
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../app/paths';

export function LoginRoute() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-6 py-16 text-center">
      <PageTitle title="Login Now" />
      <h1 className="text-3xl font-bold">Login Now</h1>
      <Link to={paths.registration.href()} className="link link-primary">
        Register Now
      </Link>
    </div>
  );
}
