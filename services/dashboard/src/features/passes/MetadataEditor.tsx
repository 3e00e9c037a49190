/** A pass's metadata as name/value rows: free details of your own (a membership tier, a shop). */
import { MAX_METADATA_KEY_LENGTH, MAX_METADATA_STRING_LENGTH } from '@passes/contracts';
import { TextField } from '../../ui/TextField';
import type { FieldErrors } from '../../validation/field-errors';
import type { MetadataEntry } from '../../validation/issue-pass-form';

interface MetadataEditorProps {
  entries: readonly MetadataEntry[];
  errors: FieldErrors;
  onChange: (entries: readonly MetadataEntry[]) => void;
}

export function MetadataEditor({ entries, errors, onChange }: MetadataEditorProps) {
  const groupError = Object.entries(errors).find(([path]) => path === 'metadata' || path.startsWith('metadata.'));
  return (
    <fieldset className="fieldset">
      <legend>Details of your own (metadata)</legend>
      {groupError && (
        <p className="field-error" role="alert">
          {groupError[0] === 'metadata' ? groupError[1] : `${groupError[0].slice('metadata.'.length)}: ${groupError[1]}`}
        </p>
      )}
      {entries.map((entry, index) => {
        const change = (part: keyof MetadataEntry) => (value: string) => onChange(entries.map((current, at) => (at === index ? { ...current, [part]: value } : current)));
        return (
          <div key={index} className="metadata-row" role="group" aria-label={`Detail ${index + 1}`}>
            <TextField label="Name" value={entry.key} onChange={change('key')} maxLength={MAX_METADATA_KEY_LENGTH} />
            <TextField label="Value" value={entry.value} onChange={change('value')} maxLength={MAX_METADATA_STRING_LENGTH} />
            <button type="button" className="button quiet" onClick={() => onChange(entries.filter((_, other) => other !== index))}>
              Remove
            </button>
          </div>
        );
      })}
      <button type="button" className="button" onClick={() => onChange([...entries, { key: '', value: '' }])}>
        Add a detail
      </button>
    </fieldset>
  );
}
