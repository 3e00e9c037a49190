/** The fields a pass shows, slot by slot: add, change and remove label/value pairs within each slot's limit. */
import { DISPLAY_FIELD_SLOTS, type DisplayFieldSlot } from '@passes/domain';
import { SLOT_LABELS } from './template-labels';
import { TextField } from '../../ui/TextField';
import type { FieldErrors } from '../../validation/field-errors';
import { DISPLAY_SLOTS, type DisplayFieldEntry, type TemplateForm } from '../../validation/template-form';

interface DisplayFieldsEditorProps {
  fields: TemplateForm['display_fields'];
  errors: FieldErrors;
  onChange: (fields: TemplateForm['display_fields']) => void;
}

export function DisplayFieldsEditor({ fields, errors, onChange }: DisplayFieldsEditorProps) {
  const setSlot = (slot: DisplayFieldSlot, entries: readonly DisplayFieldEntry[]) => onChange({ ...fields, [slot]: entries });
  return (
    <fieldset className="fieldset">
      <legend>Fields on the pass</legend>
      <p className="field-hint">Each field has a label and a value, and a key (letters, digits, _ or -) used by no other field of the pass.</p>
      {DISPLAY_SLOTS.map((slot) => {
        const entries = fields[slot];
        const path = `display_fields.${slot}`;
        return (
          <div key={slot} className="slot">
            <h3>
              {SLOT_LABELS[slot]} <span className="muted">(up to {DISPLAY_FIELD_SLOTS[slot]})</span>
            </h3>
            {errors[path] && (
              <p className="field-error" role="alert">
                {errors[path]}
              </p>
            )}
            {entries.map((entry, index) => {
              const change = (part: keyof DisplayFieldEntry) => (value: string) =>
                setSlot(
                  slot,
                  entries.map((current, at) => (at === index ? { ...current, [part]: value } : current)),
                );
              const at = `${path}.${index}`;
              return (
                <div key={index} className="display-field" role="group" aria-label={`${SLOT_LABELS[slot]} ${index + 1}`}>
                  <TextField label="Key" value={entry.key} onChange={change('key')} error={errors[`${at}.key`]} />
                  <TextField label="Label" value={entry.label} onChange={change('label')} error={errors[`${at}.label`]} />
                  <TextField label="Value" value={entry.value} onChange={change('value')} error={errors[`${at}.value`]} />
                  <button type="button" className="button quiet" onClick={() => setSlot(slot, entries.filter((_, other) => other !== index))}>
                    Remove
                  </button>
                </div>
              );
            })}
            {entries.length < DISPLAY_FIELD_SLOTS[slot] && (
              <button
                type="button"
                className="button"
                onClick={() => setSlot(slot, [...entries, { key: `${slot}${entries.length + 1}`, label: '', value: '' }])}
              >
                Add to {SLOT_LABELS[slot].toLowerCase()}
              </button>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
