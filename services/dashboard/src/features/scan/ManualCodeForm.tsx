/** For when there is no camera: type the serial number, or paste what a handheld scanner read. */
import { useState, type FormEvent } from 'react';
import { TextField } from '../../ui/TextField';

const MAX_CODE_LENGTH = 2048 + 512;

export function ManualCodeForm({ onCode }: { onCode: (code: string) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = code.trim();
    if (text === '') setError('must not be empty');
    else if (text.length > MAX_CODE_LENGTH) setError(`must be at most ${MAX_CODE_LENGTH} characters`);
    else {
      setError(null);
      onCode(text);
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
      />
      <button type="submit" className="button primary">
        Check code
      </button>
    </form>
  );
}
