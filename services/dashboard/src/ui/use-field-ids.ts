/** Ids that tie a control to its label, hint and error, so screen readers read them together. */
import { useId } from 'react';

export interface FieldIds {
  control: string;
  hint: string;
  error: string;
  describedBy: string | undefined;
}

export function useFieldIds(hasHint: boolean, hasError: boolean): FieldIds {
  const base = useId();
  const ids = { control: `${base}control`, hint: `${base}hint`, error: `${base}error` };
  const describedBy = [hasHint ? ids.hint : null, hasError ? ids.error : null].filter(Boolean).join(' ');
  return { ...ids, describedBy: describedBy || undefined };
}
