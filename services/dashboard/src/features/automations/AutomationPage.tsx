/** One automation: what it does, its runs (newest first, each action done, skipped or failed), and a dry run on a pass. */
import { useState, type FormEvent } from 'react';
import type { AutomationTestResponse } from '@passes/contracts';
import { useResource } from '../../hooks/use-resource';
import { useSubmission } from '../../hooks/use-submission';
import { Link } from '../../router/Link';
import { useApi } from '../../session/SessionProvider';
import { DateTime } from '../../ui/DateTime';
import { PageHeader } from '../../ui/PageHeader';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { ResourceView } from '../../ui/ResourceView';
import { StatusBadge } from '../../ui/StatusBadge';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';
import { passPath } from '../passes/pass-path';
import { describeTrigger, thresholdCurrency } from './automation-words';

export function AutomationPage({ id }: { id: string }) {
  const api = useApi();
  const automation = useResource(() => api.automations.get(id), id);
  const runs = useResource(() => api.automations.runs(id), id);
  const templates = useResource(() => api.templates.list(), 'templates');
  const templateList = templates.resource.status === 'ready' ? templates.resource.data.data : [];
  const [pass, setPass] = useState('');
  const [result, setResult] = useState<AutomationTestResponse | null>(null);
  const test = useSubmission();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult((await test.run(`test ${pass}`, (key) => api.automations.test(id, pass, key))) ?? null);
  };
  return (
    <ResourceView handle={automation}>
      {(rule) => (
        <>
          <PageHeader title={rule.name} />
          <p>
            {describeTrigger(rule.trigger, thresholdCurrency(rule.template_id, templateList))}: {rule.actions.map((action) => action.type.replaceAll('_', ' ')).join(', ')}. <StatusBadge status={rule.enabled ? 'active' : 'paused'} />
          </p>
          <form className="form card" onSubmit={(event) => void submit(event)} noValidate aria-label="Test on a pass">
            <h2>Test on a pass</h2>
            <TextField label="Pass (id, serial number or external id)" value={pass} onChange={setPass} />
            <ProblemNotice problem={test.problem} />
            <SubmitButton pending={test.pending} pendingLabel="Testing…">
              Test
            </SubmitButton>
            {result && (
              <div role="status" data-would-fire={result.would_fire}>
                <p>{result.would_fire ? 'It would fire.' : 'It would not fire.'} {result.reason}</p>
                <ul aria-label="What each action would do">
                  {result.actions.map((action, index) => (
                    <li key={index}>
                      {action.type.replaceAll('_', ' ')}: {action.status}
                      {action.detail ? ` (${action.detail})` : ''}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </form>
          <section aria-labelledby="runs-heading">
            <h2 id="runs-heading">Runs</h2>
            <ResourceView handle={runs}>
              {({ data }) =>
                data.length === 0 ? (
                  <p className="empty">No runs yet.</p>
                ) : (
                  <div className="table-scroll">
                    <table className="table" aria-label="Runs, newest first">
                      <thead>
                        <tr>
                          <th scope="col">When</th>
                          <th scope="col">Pass</th>
                          <th scope="col">Occurrence</th>
                          <th scope="col">Actions</th>
                        </tr>
                      </thead>
                      <tbody>
                        {data.map((run) => (
                          <tr key={`${run.pass_id}/${run.occurrence}`}>
                            <td>
                              <DateTime iso={run.fired_at} />
                            </td>
                            <td>
                              <Link to={passPath(run.pass_id)} className="code">
                                {run.pass_id}
                              </Link>
                            </td>
                            <td>
                              <code>{run.occurrence}</code>
                            </td>
                            <td>
                              {run.actions.map((action, index) => (
                                <span key={index} className="run-action">
                                  {action.type.replaceAll('_', ' ')} <StatusBadge status={action.status} />
                                  {action.detail ? ` ${action.detail}` : ''}
                                </span>
                              ))}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )
              }
            </ResourceView>
          </section>
        </>
      )}
    </ResourceView>
  );
}
