/** Numbers as the new sections print them. */

/** A whole count with thousands separators: 200,000. */
export const count = (value: number) => Math.round(value).toLocaleString('en-US');

export const seconds = (value: number) => `${value.toFixed(1)} s`;

export const ratio = (part: number, whole: number) => (whole > 0 ? `${(part / whole).toFixed(2)}×` : 'n/a');

export const verdict = (met: boolean) => (met ? 'met' : 'not met');
