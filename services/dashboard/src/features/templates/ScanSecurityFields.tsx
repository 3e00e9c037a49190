/** How the template's passes are scanned: signed barcodes, the check-in cooldown, auto-stamp on scan. */
import { CheckboxField } from '../../ui/CheckboxField';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import type { FieldErrors } from '../../validation/field-errors';
import { COOLDOWN_MINUTES, type Cooldown, type TemplateForm } from '../../validation/template-form';

type ScanSecurityForm = Pick<TemplateForm, 'signed_barcodes' | 'cooldown' | 'cooldown_minutes' | 'auto_stamp_on_scan'>;

const COOLDOWNS = [
  { value: 'none', label: 'None: every check-in allowed' },
  { value: 'once', label: 'Single use: one check-in ever' },
  { value: 'window', label: 'A wait between check-ins' },
] as const satisfies readonly { value: Cooldown; label: string }[];

interface ScanSecurityFieldsProps {
  form: ScanSecurityForm;
  errors: FieldErrors;
  onChange: (change: Partial<ScanSecurityForm>) => void;
}

export function ScanSecurityFields({ form, errors, onChange }: ScanSecurityFieldsProps) {
  return (
    <fieldset className="fieldset">
      <legend>Scan security</legend>
      <CheckboxField
        label="Signed barcodes"
        checked={form.signed_barcodes}
        onChange={(signed_barcodes) => onChange({ signed_barcodes })}
        hint="The barcode carries a signature the service checks, so a made-up or altered code is refused."
        error={errors['scan_security.signed_barcodes']}
      />
      <SelectField label="Check-in cooldown" value={form.cooldown} choices={COOLDOWNS} onChange={(cooldown) => onChange({ cooldown })} />
      {form.cooldown === 'window' && (
        <TextField
          label="Minutes between check-ins"
          inputMode="numeric"
          value={form.cooldown_minutes}
          onChange={(cooldown_minutes) => onChange({ cooldown_minutes })}
          hint={`${COOLDOWN_MINUTES.min} to ${COOLDOWN_MINUTES.max} minutes (${COOLDOWN_MINUTES.max / 60} hours).`}
          error={errors['scan_security.scan_cooldown']}
        />
      )}
      {form.cooldown !== 'window' && errors['scan_security.scan_cooldown'] && (
        <p className="field-error" role="alert">
          {errors['scan_security.scan_cooldown']}
        </p>
      )}
      <CheckboxField
        label="Auto-stamp on scan"
        checked={form.auto_stamp_on_scan}
        onChange={(auto_stamp_on_scan) => onChange({ auto_stamp_on_scan })}
        hint="Scanning a pass checks it in and adds one stamp, within the cooldown."
        error={errors['scan_security.auto_stamp_on_scan']}
      />
    </fieldset>
  );
}
