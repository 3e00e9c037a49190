/** Turning what was typed into the values a body carries: blank means absent, numbers must read as numbers. */

export type Parsed<Value> = { ok: true; value: Value } | { ok: false; message: string };

/** A trimmed text, or null when nothing was typed. */
export function optionalText(raw: string): string | null {
  const trimmed = raw.trim();
  return trimmed === '' ? null : trimmed;
}

/** A whole number as typed, or null when blank. */
export function optionalInteger(raw: string): Parsed<number | null> {
  const trimmed = raw.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (!/^-?\d+$/.test(trimmed)) return { ok: false, message: 'must be an integer' };
  return { ok: true, value: Number(trimmed) };
}
