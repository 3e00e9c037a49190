/**
 * The team (owners only): invite someone by email with a role, see who is invited and who has joined,
 * change a role, remove someone (their sessions end at once). Nobody changes or removes themselves.
 */
import { useResource } from '../../hooks/use-resource';
import { useApi } from '../../session/SessionProvider';
import { PageHeader } from '../../ui/PageHeader';
import { ResourceView } from '../../ui/ResourceView';
import { InviteUserForm } from './InviteUserForm';
import { ROLE_CHOICES } from './role-words';
import { UserList } from './UserList';

export function TeamPage() {
  const api = useApi();
  const users = useResource(() => api.users.list(), 'users');
  const me = useResource(() => api.business.me(), 'me');
  const myId = me.resource.status === 'ready' ? (me.resource.data.user?.id ?? null) : null;
  return (
    <>
      <PageHeader title="Team" />
      <dl className="role-summary">
        {ROLE_CHOICES.map((choice) => (
          <div key={choice.value}>
            <dt>{choice.label}</dt>
            <dd>{choice.can}</dd>
          </div>
        ))}
      </dl>
      <InviteUserForm onInvited={users.reload} />
      <section aria-labelledby="team-heading">
        <h2 id="team-heading">People</h2>
        <ResourceView handle={users}>{(page) => <UserList users={page.data} myId={myId} onChanged={(data) => users.replace({ ...page, data })} />}</ResourceView>
      </section>
    </>
  );
}
