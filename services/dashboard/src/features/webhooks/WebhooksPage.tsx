/** Webhooks: the business's endpoints, a new one (its secret shown once), delete one, open its delivery log. */
import { useState } from 'react';
import type { RegisteredWebhookResponse, WebhookResponse } from '@passes/contracts';
import { useResource } from '../../hooks/use-resource';
import { useSubmission } from '../../hooks/use-submission';
import { Link } from '../../router/Link';
import { useApi } from '../../session/SessionProvider';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { formatQuantity } from '../../ui/format';
import { OneTimeSecret } from '../../ui/OneTimeSecret';
import { PageHeader } from '../../ui/PageHeader';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { ResourceView } from '../../ui/ResourceView';
import { StatusBadge } from '../../ui/StatusBadge';
import { CreateWebhookForm } from './CreateWebhookForm';

export function WebhooksPage() {
  const api = useApi();
  const webhooks = useResource(() => api.webhooks.list(), 'webhooks');
  const [created, setCreated] = useState<RegisteredWebhookResponse | null>(null);
  const removal = useSubmission();
  const remove = async (webhook: WebhookResponse) => {
    const done = await removal.run(`delete ${webhook.id}`, () => api.webhooks.remove(webhook.id).then(() => true));
    if (done) webhooks.reload();
  };
  return (
    <>
      <PageHeader title="Webhooks" />
      <p>
        Your systems hear about passes as they change: each event is POSTed to your address, signed with the webhook&rsquo;s secret in{' '}
        <code>X-Service-Signature</code>.
      </p>
      {created?.secret && <OneTimeSecret title={`Signing secret for ${created.url}`} secret={created.secret} onDone={() => setCreated(null)} />}
      <CreateWebhookForm
        onCreated={(webhook) => {
          setCreated(webhook);
          webhooks.reload();
        }}
      />
      <section aria-labelledby="webhooks-heading">
        <h2 id="webhooks-heading">Your webhooks</h2>
        <ProblemNotice problem={removal.problem} />
        <ResourceView handle={webhooks}>
          {({ data }) =>
            data.length === 0 ? (
              <p className="empty">No webhooks yet.</p>
            ) : (
              <ul className="list" aria-label="Webhooks">
                {data.map((webhook) => (
                  <li key={webhook.id} className="list-row">
                    <div className="grow">
                      <Link to={`/webhooks/${encodeURIComponent(webhook.id)}`} className="code">
                        {webhook.url}
                      </Link>
                      <p className="muted">
                        {webhook.description ? `${webhook.description} · ` : ''}
                        {formatQuantity(webhook.events.length, 'event', 'events')}
                      </p>
                    </div>
                    <StatusBadge status={webhook.status} />
                    <ConfirmButton label="Delete" accessibleName={`Delete the webhook to ${webhook.url}`} confirmLabel="Delete now" question="Delete this webhook? Nothing more is sent to it." onConfirm={() => void remove(webhook)} />
                  </li>
                ))}
              </ul>
            )
          }
        </ResourceView>
      </section>
    </>
  );
}
