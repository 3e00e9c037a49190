/** A button for something that cannot be undone: the first press asks, the second does it. */
import { useEffect, useRef, useState } from 'react';

interface ConfirmButtonProps {
  label: string;
  /**
   * The button's name for a screen reader where its label leaves out what it acts on because the row around
   * it shows that (`Remove bea@example.com` for `Remove`); it starts with the label, as what is seen is said.
   */
  accessibleName?: string;
  confirmLabel: string;
  question: string;
  onConfirm: () => void;
  pending?: boolean;
  /**
   * What the question needs that is only known when asked (an audience's size now): run on the first press,
   * which asks only when it answers true.
   */
  beforeAsking?: () => Promise<boolean>;
  /** The first button's look: `danger` for what removes or ends, `primary` for what sends. */
  tone?: 'danger' | 'primary';
}

export function ConfirmButton({ label, accessibleName, confirmLabel, question, onConfirm, pending = false, beforeAsking, tone = 'danger' }: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);
  const ask = async () => {
    if (!beforeAsking || (await beforeAsking())) setAsking(true);
  };
  if (!asking) {
    return (
      <button type="button" className={`button ${tone}`} aria-label={accessibleName} onClick={() => void ask()}>
        {label}
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={question}>
      <span className="confirm-question">{question}</span>
      <button
        ref={confirmRef}
        type="button"
        className="button danger"
        aria-disabled={pending || undefined}
        onClick={() => {
          if (!pending) onConfirm();
        }}
      >
        {pending ? 'Working…' : confirmLabel}
      </button>
      <button type="button" className="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
