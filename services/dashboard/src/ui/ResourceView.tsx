/** What a screen shows while its data loads, when loading failed, and once it is there. */
import type { ReactNode } from 'react';
import type { ResourceHandle } from '../hooks/use-resource';
import { Link } from '../router/Link';
import { ProblemNotice } from './ProblemNotice';

interface ResourceViewProps<Data> {
  handle: ResourceHandle<Data>;
  children: (data: Data) => ReactNode;
  /** Where to go instead when the thing is not there (a 404 or 403): trying again would not bring it. */
  back?: { to: string; label: string };
}

export function ResourceView<Data>({ handle, children, back }: ResourceViewProps<Data>) {
  const { resource } = handle;
  if (resource.status === 'loading') {
    return (
      <p className="loading" role="status">
        Loading…
      </p>
    );
  }
  if (resource.status === 'failed') {
    const { problem } = resource;
    const gone = problem.kind === 'refused' && (problem.status === 404 || problem.status === 403);
    // Trying again brings no payments to a service that takes none.
    if (problem.kind === 'payments_unavailable') return <ProblemNotice problem={problem} />;
    if (!gone) return <ProblemNotice problem={problem} onRetry={handle.reload} />;
    return (
      <>
        <ProblemNotice problem={problem} />
        {back && (
          <Link to={back.to} className="button">
            {back.label}
          </Link>
        )}
      </>
    );
  }
  return <>{children(resource.data)}</>;
}
