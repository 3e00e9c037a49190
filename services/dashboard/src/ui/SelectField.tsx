/** A labelled choice from a short list. */
import { FieldMessages } from './FieldMessages';
import { useFieldIds } from './use-field-ids';

interface Choice<Value extends string> {
  value: Value;
  label: string;
}

interface SelectFieldProps<Value extends string> {
  label: string;
  /** The field's name for a screen reader where its label leaves out whose it is because the row shows that (`Role of bea@example.com` for `Role`). */
  accessibleName?: string;
  value: Value;
  choices: readonly Choice<Value>[];
  onChange: (value: Value) => void;
  hint?: string | undefined;
  error?: string | undefined;
  required?: boolean;
}

export function SelectField<Value extends string>({ label, accessibleName, value, choices, onChange, hint, error, required }: SelectFieldProps<Value>) {
  const ids = useFieldIds(Boolean(hint), Boolean(error));
  const pick = (picked: string) => {
    const choice = choices.find((candidate) => candidate.value === picked);
    if (choice) onChange(choice.value);
  };
  return (
    <div className="field">
      <label htmlFor={ids.control}>{label}</label>
      <select
        id={ids.control}
        value={value}
        aria-label={accessibleName}
        onChange={(event) => pick(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        required={required}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <FieldMessages ids={ids} hint={hint} error={error} />
    </div>
  );
}
