/**
 * A screen for a role above the user's shows only that it is not theirs and the way back, not its forms
 * (the API would refuse them with 403 anyway); the least role of each screen is in routes.tsx.
 */
import type { ReactNode } from 'react';
import type { UserRole } from '@passes/domain';
import { roleName } from '../features/team/role-words';
import { Link } from '../router/Link';
import { useRole, useScreenAllowed } from '../session/RoleProvider';
import { PageHeader } from '../ui/PageHeader';

const WHO: Readonly<Record<UserRole, string>> = {
  staff: 'everyone on the team',
  manager: 'managers and owners',
  owner: 'owners',
};

export function RoleGate({ least, children }: { least: UserRole; children: ReactNode }) {
  const allowed = useScreenAllowed(least);
  const role = useRole();
  if (allowed === 'yes') return <>{children}</>;
  if (allowed === 'reading') {
    return (
      <p className="loading" role="status">
        Loading…
      </p>
    );
  }
  return (
    <>
      <PageHeader title="Not for your role" />
      <p>
        This screen is for {WHO[least]}; your role here is {role === null ? 'another' : roleName(role)}. If you need it, ask the business&rsquo;s owner.
      </p>
      <p>
        <Link to="/" className="button">
          Back to the home screen
        </Link>
      </p>
    </>
  );
}
