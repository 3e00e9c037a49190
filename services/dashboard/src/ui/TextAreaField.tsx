/** A labelled multi-line text with its hint and its error. */
import type { TextareaHTMLAttributes } from 'react';
import { FieldMessages } from './FieldMessages';
import { useFieldIds } from './use-field-ids';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string | undefined;
  error?: string | undefined;
}

export function TextAreaField({ label, value, onChange, hint, error, ...textarea }: TextAreaFieldProps) {
  const ids = useFieldIds(Boolean(hint), Boolean(error));
  return (
    <div className="field">
      <label htmlFor={ids.control}>{label}</label>
      <textarea
        id={ids.control}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...textarea}
      />
      <FieldMessages ids={ids} hint={hint} error={error} />
    </div>
  );
}
