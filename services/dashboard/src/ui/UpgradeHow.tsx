/**
 * How a business gets Pro: its owner subscribes on the Payments page (Stripe Checkout), where the service takes
 * payments; the service's operator can also move a business to Pro (docs/api.md, Plans), which is the way
 * where it takes none. Anyone else is pointed to the owner.
 */
import { Link } from '../router/Link';
import { useMay } from '../session/RoleProvider';
import { useSession } from '../session/SessionProvider';

export function UpgradeHow() {
  const owns = useMay('owner');
  const { session } = useSession();
  const business = session ? (
    <>
      {' '}
      (business id <code>{session.businessId}</code>)
    </>
  ) : null;
  return (
    <p className="upgrade-how">
      {owns ? (
        <>
          To upgrade, subscribe on the <Link to="/payments">Payments</Link> page, or ask the service operator to move your business to Pro{business}.
        </>
      ) : (
        <>To upgrade, ask the business&rsquo;s owner to subscribe to Pro, or the service operator to move it to Pro{business}.</>
      )}{' '}
      Everything you have stays as it is.
    </p>
  );
}
