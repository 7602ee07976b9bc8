/**
 * Not-found content (docs/product.md §2 Not-found page, §8 Unknown route): heading "Uh-oh!", text
 * "We can not find that page." and a GO BACK HOME button to /. Also shown for an unknown
 * category id.
 */
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { PageTitle } from './page-title';

export function NotFound() {
  return (
    <div className="flex flex-col items-center justify-center gap-6 py-16 text-center">
      <PageTitle title="Uh-oh!" />
      <h1 className="text-4xl font-bold">Uh-oh!</h1>
      <p className="text-lg text-base-content/80">We can not find that page.</p>
      <Link to={paths.home.href()} className="btn btn-primary">
        GO BACK HOME
      </Link>
    </div>
  );
}
