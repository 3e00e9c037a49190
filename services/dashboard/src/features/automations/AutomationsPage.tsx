/** Automations: the rule builder, the business's rules with their runs so far, pause or enable one, delete one. */
import type { AutomationResponse } from '@passes/contracts';
import { useResource } from '../../hooks/use-resource';
import { useSubmission } from '../../hooks/use-submission';
import { Link } from '../../router/Link';
import { useApi } from '../../session/SessionProvider';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { formatQuantity } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { ProNotice } from '../../ui/ProNotice';
import { ResourceView } from '../../ui/ResourceView';
import { StatusBadge } from '../../ui/StatusBadge';
import { describeTrigger, thresholdCurrency } from './automation-words';
import { CreateAutomationForm } from './CreateAutomationForm';

export function AutomationsPage() {
  const api = useApi();
  const automations = useResource(() => api.automations.list(), 'automations');
  const templates = useResource(() => api.templates.list(), 'templates');
  const change = useSubmission();
  const templateList = templates.resource.status === 'ready' ? templates.resource.data.data : [];
  const toggle = async (automation: AutomationResponse) => {
    const changed = await change.run(`enable ${automation.id} ${!automation.enabled}`, (key) => api.automations.setEnabled(automation.id, !automation.enabled, key));
    if (changed) automations.reload();
  };
  const remove = async (automation: AutomationResponse) => {
    const done = await change.run(`delete ${automation.id}`, () => api.automations.remove(automation.id).then(() => true));
    if (done) automations.reload();
  };
  return (
    <>
      <PageHeader title="Automations" />
      <ProNotice feature="automations">Your plan is Free: the rule builder below shows what automations do, and adding one needs Pro.</ProNotice>
      <p>Rules that act on your passes by themselves, once per occurrence: points for every new card, a thank-you after the fifth stamp, a nudge after a quiet month.</p>
      <ResourceView handle={templates}>{({ data }) => <CreateAutomationForm templates={data} onCreated={() => automations.reload()} />}</ResourceView>
      <section aria-labelledby="automations-heading">
        <h2 id="automations-heading">Your automations</h2>
        <ProblemNotice problem={change.problem} />
        <ResourceView handle={automations}>
          {({ data }) =>
            data.length === 0 ? (
              <p className="empty">No automations yet.</p>
            ) : (
              <ul className="list" aria-label="Automations">
                {data.map((automation) => (
                  <li key={automation.id} className="list-row" data-automation-name={automation.name}>
                    <div className="grow">
                      <Link to={`/automations/${encodeURIComponent(automation.id)}`}>{automation.name}</Link>
                      <p className="muted">
                        {describeTrigger(automation.trigger, thresholdCurrency(automation.template_id, templateList))} · {formatQuantity(automation.actions.length, 'action', 'actions')} ·{' '}
                        {formatQuantity(automation.stats.runs, 'run', 'runs')}
                      </p>
                    </div>
                    <StatusBadge status={automation.enabled ? 'active' : 'paused'} />
                    <button type="button" className="button" aria-label={`${automation.enabled ? 'Pause' : 'Enable'} ${automation.name}`} onClick={() => void toggle(automation)}>
                      {automation.enabled ? 'Pause' : 'Enable'}
                    </button>
                    <ConfirmButton label="Delete" accessibleName={`Delete ${automation.name}`} confirmLabel="Delete now" question="Delete this automation? What it did stays on the passes." onConfirm={() => void remove(automation)} />
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
