/** Placeholder of the Registration page (spec §2 Registration); the accounts issue builds it. */
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../app/paths';

export function RegistrationRoute() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-6 py-16 text-center">
      <PageTitle title="Register Now" />
      <h1 className="text-3xl font-bold">Register Now</h1>
      <Link to={paths.login.href()} className="link link-primary">
        Login Now
      </Link>
    </div>
  );
}
