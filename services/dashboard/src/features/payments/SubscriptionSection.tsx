/**
 * Pro by subscription (PROGRAMME §5): on Free, subscribe through Stripe Checkout (the link is shown to
 * follow), or, where the service takes no payments, how else to get Pro; while subscribed, the subscription's
 * status and period, and cancelling at the period's end; on Pro without one, only that.
 */
import { useState } from 'react';
import type { SubscriptionResponse } from '@passes/contracts';
import { useResource } from '../../hooks/use-resource';
import { useSubmission } from '../../hooks/use-submission';
import { useApi } from '../../session/SessionProvider';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { DateTime } from '../../ui/DateTime';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { PRO_PRICE } from '../../ui/pro-features';
import { ResourceView } from '../../ui/ResourceView';
import { UpgradeHow } from '../../ui/UpgradeHow';

/** The status of a subscription that holds Pro now or until its period ends, else null (Pro without one was given by the operator). */
const holdingStatus = ({ status }: SubscriptionResponse): string | null => (status === 'canceled' ? null : status);

export function SubscriptionSection() {
  const api = useApi();
  const subscription = useResource(() => api.payments.subscription(), 'subscription');
  const start = useSubmission();
  const cancellation = useSubmission();
  const [checkoutUrl, setCheckoutUrl] = useState<string | null>(null);
  const subscribe = async () => {
    const answer = await start.run('subscribe', (key) => api.payments.subscribe(key));
    if (answer) setCheckoutUrl(answer.checkout_url);
  };
  const cancel = async () => {
    const answer = await cancellation.run('cancel subscription', () => api.payments.cancelSubscription());
    if (answer) subscription.replace(answer);
  };
  return (
    <section className="card" aria-labelledby="subscription-heading">
      <h2 id="subscription-heading">Pro subscription</h2>
      <ResourceView handle={subscription}>
        {(current) => {
          const status = holdingStatus(current);
          return (
            <>
              {status !== null ? (
                <p data-testid="subscription-status">
                  Subscription {status.replaceAll('_', ' ')}
                  {current.current_period_end && (
                    <>
                      {current.cancel_at_period_end ? ', ends ' : ', renews '}
                      <DateTime iso={current.current_period_end} />
                    </>
                  )}
                </p>
              ) : current.plan === 'pro' ? (
                <p data-testid="subscription-status">Your business is on Pro.</p>
              ) : (
                <p>Subscribe to Pro for {PRO_PRICE}, paid with Stripe.</p>
              )}
              <ProblemNotice problem={start.problem ?? cancellation.problem} />
              {start.problem?.kind === 'payments_unavailable' && <UpgradeHow payments={false} />}
              {checkoutUrl ? (
                <a className="button primary" href={checkoutUrl} rel="noreferrer">
                  Continue to Stripe
                </a>
              ) : status !== null ? (
                !current.cancel_at_period_end && (
                  <ConfirmButton label="Cancel subscription" confirmLabel="Cancel at the period's end" question="Cancel the subscription? Pro stays until the end of the period paid for." onConfirm={() => void cancel()} />
                )
              ) : (
                current.plan === 'free' && (
                  <button type="button" className="button primary" onClick={() => void subscribe()} aria-disabled={start.pending || undefined}>
                    Subscribe to Pro
                  </button>
                )
              )}
            </>
          );
        }}
      </ResourceView>
    </section>
  );
}
