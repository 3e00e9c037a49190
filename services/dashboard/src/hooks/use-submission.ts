/**
 * Runs a change (POST, PATCH, DELETE) once per intent. A second click while one runs is ignored. Each
 * intent gets an Idempotency-Key, kept while its outcome is unknown (the network failed, the server
 * failed, or the first request is still running), so a retry of the same thing with the same body never
 * does it twice; an answer that settles the intent (success or refusal) starts a new key for the next one.
 */
import { useCallback, useRef, useState } from 'react';
import { problemOf, type ApiProblem } from '../api/api-problem';
import { newIdempotencyKey } from '../api/idempotency-key';

interface Submission {
  pending: boolean;
  problem: ApiProblem | null;
  /**
   * `intent` names what is being done with which values (same intent, same key); `call` gets the key.
   * Resolves to the answer, or to undefined when it failed (the problem is then set) or was a double click.
   */
  run: <Answer>(intent: string, call: (idempotencyKey: string) => Promise<Answer>) => Promise<Answer | undefined>;
  clear: () => void;
}

export function useSubmission(): Submission {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const running = useRef(false);
  const unsettled = useRef<{ intent: string; key: string } | null>(null);

  const run = useCallback(async <Answer,>(intent: string, call: (idempotencyKey: string) => Promise<Answer>): Promise<Answer | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setPending(true);
    setProblem(null);
    const key = unsettled.current?.intent === intent ? unsettled.current.key : newIdempotencyKey();
    unsettled.current = { intent, key };
    try {
      const answer = await call(key);
      unsettled.current = null;
      return answer;
    } catch (error) {
      const failure = problemOf(error);
      if (!outcomeUnknown(failure)) unsettled.current = null;
      setProblem(failure);
      return undefined;
    } finally {
      running.current = false;
      setPending(false);
    }
  }, []);

  const clear = useCallback(() => setProblem(null), []);
  return { pending, problem, run, clear };
}

function outcomeUnknown(problem: ApiProblem): boolean {
  if (problem.kind === 'network' || problem.kind === 'server' || problem.kind === 'rate_limited') return true;
  return problem.kind === 'refused' && problem.code === 'conflict' && problem.message.toLowerCase().includes('idempotency');
}
