/**
 * Pro by subscription (PROGRAMME §5): on Free, subscribe through Stripe Checkout (the link is shown to
 * follow); while subscribed, the subscription's status and period, and cancelling at the period's end.
 */
import { useState } from 'react';
import { useResource } from '../../hooks/use-resource';
import { useSubmission } from '../../hooks/use-submission';
import { useApi } from '../../session/SessionProvider';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { DateTime } from '../../ui/DateTime';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { ResourceView } from '../../ui/ResourceView';

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
        {(current) => (
          <>
            {current.status === null || current.status === 'canceled' ? (
              <p>Subscribe to Pro for 19 GBP a month, paid with Stripe.</p>
            ) : (
              <p data-testid="subscription-status">
                Subscription {current.status.replaceAll('_', ' ')}
                {current.current_period_end && (
                  <>
                    {current.cancel_at_period_end ? ', ends ' : ', renews '}
                    <DateTime iso={current.current_period_end} />
                  </>
                )}
              </p>
            )}
            <ProblemNotice problem={start.problem ?? cancellation.problem} />
            {checkoutUrl ? (
              <a className="button primary" href={checkoutUrl} rel="noreferrer">
                Continue to Stripe
              </a>
            ) : current.status === null || current.status === 'canceled' ? (
              <button type="button" className="button primary" onClick={() => void subscribe()} aria-disabled={start.pending || undefined}>
                Subscribe to Pro
              </button>
            ) : (
              !current.cancel_at_period_end && (
                <ConfirmButton label="Cancel subscription" confirmLabel="Cancel at the period's end" question="Cancel the subscription? Pro stays until the end of the period paid for." onConfirm={() => void cancel()} />
              )
            )}
          </>
        )}
      </ResourceView>
    </section>
  );
}
