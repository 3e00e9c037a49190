/** A field's hint and its error, below it; the error is announced when it appears. */
import type { FieldIds } from './use-field-ids';

export function FieldMessages({ ids, hint, error }: { ids: FieldIds; hint?: string | undefined; error?: string | undefined }) {
  return (
    <>
      {hint && (
        <p className="field-hint" id={ids.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={ids.error} role="alert">
          {error}
        </p>
      )}
    </>
  );
}
