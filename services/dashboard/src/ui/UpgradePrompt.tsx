/**
 * A 402 from the API, shown as what it is: an invitation to upgrade, not an error. Upgrades are recorded
 * by the service's operator (docs/api.md, Plans), so the prompt says how to ask for one.
 */
import { useId } from 'react';
import { useSession } from '../session/SessionProvider';
import { featureName, PRO_PRICE, PRO_UNLOCKS } from './pro-features';

export function UpgradePrompt({ feature, message }: { feature: string; message: string }) {
  const heading = useId();
  const { session } = useSession();
  return (
    <section className="upgrade" aria-labelledby={heading} data-testid="upgrade-prompt">
      <h2 id={heading}>{featureName(feature)} comes with Pro</h2>
      <p>{message}</p>
      <p>Pro is {PRO_PRICE} and unlocks:</p>
      <ul>
        {PRO_UNLOCKS.map((unlock) => (
          <li key={unlock}>{unlock}</li>
        ))}
      </ul>
      <p className="upgrade-how">
        To upgrade, ask the service operator to move your business to Pro
        {session ? (
          <>
            {' '}
            (business id <code>{session.businessId}</code>)
          </>
        ) : null}
        . Everything you have stays as it is.
      </p>
    </section>
  );
}
