/**
 * An action that takes a number (stamps, points, an amount): the number checked as the API checks its
 * query parameter, the API's refusal (insufficient funds, a status that forbids it) shown beside it.
 * Once done, the field goes back to its starting value, so a second tap does not repeat it by accident;
 * a refused one keeps what was typed, to be corrected.
 */
import { useState, type FormEvent } from 'react';
import type { ApiProblem } from '../../api/api-problem';
import { TextField } from '../../ui/TextField';
import type { Parsed } from '../../validation/form-values';

interface QuantityActionProps<Value> {
  label: string;
  button: string;
  initial: string;
  hint: string;
  inputMode: 'numeric' | 'decimal';
  parse: (raw: string) => Parsed<Value>;
  pending: boolean;
  /** The problem of this action's last run, if it was this one. */
  problem: ApiProblem | null;
  /** Resolves to whether it was done. */
  onSubmit: (value: Value) => Promise<boolean>;
}

export function QuantityAction<Value>({ label, button, initial, hint, inputMode, parse, pending, problem, onSubmit }: QuantityActionProps<Value>) {
  const [raw, setRaw] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sent = raw;
    const parsed = parse(sent);
    setError(parsed.ok ? null : parsed.message);
    // What was typed while it ran is kept: that is the next one.
    if (parsed.ok && (await onSubmit(parsed.value))) setRaw((current) => (current === sent ? initial : current));
  };
  const refusal = problem && problem.kind !== 'upgrade' ? problem.message : undefined;
  return (
    <form className="quantity-action" onSubmit={(event) => void submit(event)} noValidate aria-label={button}>
      <TextField label={label} value={raw} onChange={setRaw} inputMode={inputMode} hint={hint} error={error ?? refusal} />
      <button type="submit" className="button" aria-disabled={pending || undefined}>
        {button}
      </button>
    </form>
  );
}
