/** For when there is no camera: type the serial number, or paste what a handheld scanner read. */
import { useState, type FormEvent } from 'react';
import { scanBody } from '@passes/contracts';
import { TextField } from '../../ui/TextField';

/** The code field of `POST …/scans`, with its messages. */
const codeField = scanBody.shape.code;

export function ManualCodeForm({ onCode }: { onCode: (code: string) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = codeField.safeParse(code.trim());
    if (!checked.success) setError(checked.error.issues[0]?.message ?? 'must be a code');
    else {
      setError(null);
      onCode(checked.data);
    }
  };
  return (
    <form className="form card" onSubmit={submit} noValidate aria-label="Enter a code">
      <TextField
        label="Code"
        value={code}
        onChange={setCode}
        hint="The pass's serial number (PS-…), the text a scanner read, or the barcode's link."
        error={error ?? undefined}
        autoComplete="off"
        spellCheck={false}
        // Serial numbers are capitals; the scan reads them in any case too, but a phone's keyboard need not guess.
        autoCapitalize="characters"
      />
      <button type="submit" className="button primary">
        Check code
      </button>
    </form>
  );
}
