/** The button that sends a form; while the request runs it says so and takes no second click. */
import type { ReactNode } from 'react';

export function SubmitButton({ pending, children, pendingLabel }: { pending: boolean; children: ReactNode; pendingLabel?: string }) {
  return (
    <button type="submit" className="button primary" aria-disabled={pending || undefined} data-pending={pending || undefined}>
      {pending ? (pendingLabel ?? 'Working…') : children}
    </button>
  );
}
