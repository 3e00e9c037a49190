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
      return problem.retryAfterSeconds === null ? problem.message : `Too many requests for now. Try again in ${waitOf(problem.retryAfterSeconds)}.`;
    case 'unauthorized':
    case 'refused':
    case 'network':
      return problem.message;
    case 'payments_unavailable':
      return 'Online payments are not set up on this service; the operator can enable them.';
    case 'server':
      return `The service failed (${problem.status}). Nothing was lost; try again in a moment.`;
    case 'malformed':
      return `Unexpected answer: ${problem.message}`;
  }
}

/** A wait in seconds up to a minute and a half, in whole minutes beyond (a login limit's quarter of an hour). */
function waitOf(seconds: number): string {
  return seconds <= 90 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
}
