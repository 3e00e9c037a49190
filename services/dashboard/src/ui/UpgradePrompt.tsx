/** A 402 from the API, shown as what it is: an invitation to upgrade, not an error, saying how to upgrade. */
import { useId } from 'react';
import { comesWithPro, PRO_PRICE, PRO_UNLOCKS } from './pro-features';
import { UpgradeHow } from './UpgradeHow';

export function UpgradePrompt({ feature, message }: { feature: string; message: string }) {
  const heading = useId();
  return (
    <section className="upgrade" aria-labelledby={heading} data-testid="upgrade-prompt">
      <h2 id={heading}>{comesWithPro(feature)}</h2>
      <p>{message}</p>
      <p>Pro is {PRO_PRICE} and unlocks:</p>
      <ul>
        {PRO_UNLOCKS.map((unlock) => (
          <li key={unlock}>{unlock}</li>
        ))}
      </ul>
      <UpgradeHow />
    </section>
  );
}
