/** A labelled yes/no setting, with a line saying what it does. */
import { FieldMessages } from './FieldMessages';
import { useFieldIds } from './use-field-ids';

interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string | undefined;
  error?: string | undefined;
}

export function CheckboxField({ label, checked, onChange, hint, error }: CheckboxFieldProps) {
  const ids = useFieldIds(Boolean(hint), Boolean(error));
  return (
    <div className="field checkbox">
      <input
        id={ids.control}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      />
      <label htmlFor={ids.control}>{label}</label>
      <FieldMessages ids={ids} hint={hint} error={error} />
    </div>
  );
}
