/**
 * On Free, a Pro feature's screen says so at its top, before anything is filled in: the form stays in view
 * to show what Pro gives, and sending it would be the API's 402 (the upgrade prompt) anyway.
 */
import { useId } from 'react';
import type { PlanStatusResponse } from '@passes/contracts';
import { useResource } from '../hooks/use-resource';
import { useApi } from '../session/SessionProvider';
import { comesWithPro } from './pro-features';
import { UpgradeHow } from './UpgradeHow';

export function ProNotice({ feature, children }: { feature: keyof PlanStatusResponse['features']; children: string }) {
  const api = useApi();
  const heading = useId();
  const me = useResource(() => api.business.me(), 'me');
  if (me.resource.status !== 'ready' || me.resource.data.features[feature]) return null;
  return (
    <section className="upgrade" aria-labelledby={heading} data-testid="pro-notice">
      <h2 id={heading}>{comesWithPro(feature)}</h2>
      <p>{children}</p>
      <UpgradeHow />
    </section>
  );
}
