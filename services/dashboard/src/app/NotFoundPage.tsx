/** A dashboard address that names no screen. */
import { Link } from '../router/Link';
import { PageHeader } from '../ui/PageHeader';

export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Not found" />
      <p>There is no screen at this address.</p>
      <p>
        <Link to="/">Go to the home screen</Link>
      </p>
    </>
  );
}
