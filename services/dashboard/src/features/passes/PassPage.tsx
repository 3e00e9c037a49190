/** One pass: its state and barcode, every action its status allows, its rewards, and its full history. */
import { useResource } from '../../hooks/use-resource';
import { useApi } from '../../session/SessionProvider';
import { PageHeader } from '../../ui/PageHeader';
import { ResourceView } from '../../ui/ResourceView';
import { PassActions } from './PassActions';
import { PassDetails } from './PassDetails';
import { PassRewards } from './PassRewards';
import { PassTimeline } from './PassTimeline';

export function PassPage({ identifier }: { identifier: string }) {
  const api = useApi();
  const pass = useResource(() => api.passes.get(identifier), identifier);
  const history = useResource(() => api.passes.history(identifier), identifier);
  const templates = useResource(() => api.templates.list(), 'templates');
  const templateOf = (id: string) => (templates.resource.status === 'ready' ? templates.resource.data.data.find((template) => template.id === id) : undefined);
  return (
    <ResourceView handle={pass} back={{ to: '/passes', label: 'Back to passes' }}>
      {(current) => {
        const template = templateOf(current.template_id);
        const changed = (next: typeof current) => {
          pass.replace(next);
          history.reload();
        };
        return (
          <>
            <PageHeader title={current.customer_name ?? current.serial_number} />
            {template && <p className="muted">{template.name}</p>}
            <div className="pass-layout">
              <PassDetails pass={current} currency={template?.currency ?? null} />
              <PassActions pass={current} currency={template?.currency ?? null} onChanged={changed} />
            </div>
            <PassRewards pass={current} onChanged={changed} />
            <section className="card" aria-labelledby="history-heading">
              <h2 id="history-heading">History</h2>
              <ResourceView handle={history}>{({ data }) => <PassTimeline entries={data} currency={template?.currency ?? null} />}</ResourceView>
            </section>
          </>
        );
      }}
    </ResourceView>
  );
}
