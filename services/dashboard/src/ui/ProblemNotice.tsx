/**
 * A failed call, said plainly: an upgrade invitation for a 402, the fields' own errors for a 422 (those
 * not shown beside a field are listed here), when to retry for a 429, the API's message otherwise.
 */
import type { ApiProblem } from '../api/api-problem';
import { UpgradePrompt } from './UpgradePrompt';

interface ProblemNoticeProps {
  problem: ApiProblem | null;
  /** Paths of the fields the form shows errors beside; other paths are listed in the notice. */
  fieldPaths?: readonly string[];
  onRetry?: () => void;
}

export function ProblemNotice({ problem, fieldPaths = [], onRetry }: ProblemNoticeProps) {
  if (!problem) return null;
  if (problem.kind === 'upgrade') return <UpgradePrompt feature={problem.feature} message={problem.message} />;
  const unplaced =
    problem.kind === 'validation'
      ? Object.entries(problem.errors).filter(([path]) => !fieldPaths.some((field) => path === field || path.startsWith(`${field}.`)))
      : [];
  return (
    <div className="notice error" role="alert">
      <p>{headline(problem)}</p>
      {unplaced.length > 0 && (
        <ul>
          {unplaced.map(([path, message]) => (
            <li key={path}>{path === '' ? message : `${path}: ${message}`}</li>
          ))}
        </ul>
      )}
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

function headline(problem: Exclude<ApiProblem, { kind: 'upgrade' }>): string {
  switch (problem.kind) {
    case 'validation':
      return 'Some fields need a change: see the messages beside them.';
    case 'rate_limited':
      return problem.retryAfterSeconds === null ? problem.message : `Too many requests this minute. Try again in ${problem.retryAfterSeconds} s.`;
    case 'unauthorized':
    case 'refused':
    case 'network':
      return problem.message;
    case 'server':
      return `The service failed (${problem.status}). Nothing was lost; try again in a moment.`;
    case 'malformed':
      return `Unexpected answer: ${problem.message}`;
  }
}
