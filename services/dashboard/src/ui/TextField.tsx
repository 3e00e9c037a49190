/** A labelled text input with its hint and its error (the form's own check or the API's detail). */
import type { InputHTMLAttributes } from 'react';
import { FieldMessages } from './FieldMessages';
import { useFieldIds } from './use-field-ids';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string | undefined;
  error?: string | undefined;
}

export function TextField({ label, value, onChange, hint, error, className, ...input }: TextFieldProps) {
  const ids = useFieldIds(Boolean(hint), Boolean(error));
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={ids.control}>{label}</label>
      <input
        id={ids.control}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...input}
      />
      <FieldMessages ids={ids} hint={hint} error={error} />
    </div>
  );
}
