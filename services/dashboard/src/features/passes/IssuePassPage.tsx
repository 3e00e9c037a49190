/** Issue one pass, then open its page. On Free, the 101st pass is an upgrade invitation. */
import { useResource } from '../../hooks/use-resource';
import { navigate } from '../../router/location';
import { useApi } from '../../session/SessionProvider';
import { PageHeader } from '../../ui/PageHeader';
import { ResourceView } from '../../ui/ResourceView';
import { IssuePassForm } from './IssuePassForm';
import { passPath } from './pass-path';

export function IssuePassPage() {
  const api = useApi();
  const templates = useResource(() => api.templates.list(), 'templates');
  return (
    <>
      <PageHeader title="Issue a pass" />
      <ResourceView handle={templates}>{({ data }) => <IssuePassForm templates={data} onIssued={(pass) => navigate(passPath(pass.id))} />}</ResourceView>
    </>
  );
}
