/**
 * Payments (PROGRAMME §5): connect the business's Stripe account and finish its onboarding, see whether it
 * takes charges and what the service keeps, list the customers' online top-ups with fee and net, and
 * refund one in full or in part. On Free the page says what Pro unlocks instead (the API refuses with 402 too)
 * and offers the subscription to Pro.
 */
import { useState } from 'react';
import type { PaymentAccountResponse } from '@passes/contracts';
import { useResource } from '../../hooks/use-resource';
import { useSubmission } from '../../hooks/use-submission';
import { useApi } from '../../session/SessionProvider';
import { PageHeader } from '../../ui/PageHeader';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { ResourceView } from '../../ui/ResourceView';
import { UpgradePrompt } from '../../ui/UpgradePrompt';
import { PaymentList } from './PaymentList';
import { SubscriptionSection } from './SubscriptionSection';
import { TopUpAmountsForm } from './TopUpAmountsForm';

export function PaymentsPage() {
  const api = useApi();
  const context = useResource(async () => {
    const me = await api.business.me();
    if (!me.features['online_payments']) return { pro: false as const };
    const account = await api.payments.account();
    return { pro: true as const, account, payments: account === null ? null : await api.payments.list() };
  }, 'payments');
  return (
    <>
      <PageHeader title="Payments" />
      <p>Customers top up their stored-value passes online with Stripe; the money goes to your own Stripe account.</p>
      <ResourceView handle={context}>
        {(data) =>
          data.pro ? (
            <>
              <AccountSection account={data.account} />
              {data.payments !== null && <PaymentList first={data.payments} />}
            </>
          ) : (
            <UpgradePrompt feature="online_payments" message="Taking top-ups online with Stripe is a Pro feature." />
          )
        }
      </ResourceView>
      <SubscriptionSection />
    </>
  );
}

function AccountSection({ account: loaded }: { account: PaymentAccountResponse | null }) {
  const [account, setAccount] = useState(loaded);
  const api = useApi();
  const connection = useSubmission();
  const [onboardingUrl, setOnboardingUrl] = useState<string | null>(null);
  const connect = async () => {
    const answer = await connection.run('connect', (key) => api.payments.connect(key));
    if (answer) setOnboardingUrl(answer.onboarding_url);
  };
  return (
    <section className="card" aria-labelledby="stripe-account-heading">
      <h2 id="stripe-account-heading">Your Stripe account</h2>
      {account === null ? (
        <p>Connect a Stripe account to take top-ups online.</p>
      ) : (
        <dl className="facts">
          <div>
            <dt>Account</dt>
            <dd className="code">{account.account_id}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd data-testid="charges-status">{account.charges_enabled ? 'Takes payments' : 'Onboarding not finished'}</dd>
          </div>
          <div>
            <dt>Our fee</dt>
            <dd>
              {account.fee.percent} % + {account.fee.fixed.toFixed(2)} {account.fee.currency} per payment
            </dd>
          </div>
        </dl>
      )}
      {account !== null && <TopUpAmountsForm account={account} onSaved={setAccount} />}
      <ProblemNotice problem={connection.problem} />
      {onboardingUrl ? (
        <p>
          <a className="button primary" href={onboardingUrl} rel="noreferrer">
            Continue to Stripe
          </a>
        </p>
      ) : (
        (account === null || !account.charges_enabled) && (
          <button type="button" className="button primary" onClick={() => void connect()} aria-disabled={connection.pending || undefined}>
            {account === null ? 'Connect with Stripe' : 'Finish onboarding with Stripe'}
          </button>
        )
      )}
    </section>
  );
}
