/**
 * How a business gets Pro: its owner subscribes on the Payments page (Stripe Checkout), where the service takes
 * payments; the service's operator can also move a business to Pro (docs/api.md, Plans), which is the only way
 * where it takes none (`payments: false`, once a subscription was refused). Anyone else is pointed to the owner.
 */
import { Link } from '../router/Link';
import { useLocation } from '../router/location';
import { useMay } from '../session/RoleProvider';
import { useSession } from '../session/SessionProvider';

export function UpgradeHow({ payments = true }: { payments?: boolean }) {
  const owns = useMay('owner');
  // On the Payments page itself the subscription is the section below, not a link back to the page.
  const onPayments = useLocation().path === '/payments';
  const { session } = useSession();
  const business = session ? (
    <>
      {' '}
      (business id <code>{session.businessId}</code>)
    </>
  ) : null;
  return (
    <p className="upgrade-how">
      {owns && !payments ? (
        <>
          This service takes no payments, so Pro is not bought here: ask the service operator to move your business to Pro{business}.
        </>
      ) : owns ? (
        <>
          To upgrade, subscribe {onPayments ? <>to Pro below</> : <>on the <Link to="/payments">Payments</Link> page</>} where this service takes online payments; where it takes none, ask the service operator to move your business to Pro{business}.
        </>
      ) : (
        <>To upgrade, ask the business&rsquo;s owner to subscribe to Pro, or the service operator to move it to Pro{business}.</>
      )}{' '}
      Everything you have stays as it is.
    </p>
  );
}
