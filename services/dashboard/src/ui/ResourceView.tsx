/** What a screen shows while its data loads, when loading failed, and once it is there. */
import type { ReactNode } from 'react';
import type { ResourceHandle } from '../hooks/use-resource';
import { ProblemNotice } from './ProblemNotice';

export function ResourceView<Data>({ handle, children }: { handle: ResourceHandle<Data>; children: (data: Data) => ReactNode }) {
  const { resource } = handle;
  if (resource.status === 'loading') {
    return (
      <p className="loading" role="status">
        Loading…
      </p>
    );
  }
  if (resource.status === 'failed') return <ProblemNotice problem={resource.problem} onRetry={handle.reload} />;
  return <>{children(resource.data)}</>;
}
