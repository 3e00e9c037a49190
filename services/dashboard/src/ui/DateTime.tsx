/** A timestamp in the reader's own locale and time zone, with the exact value for machines. */

const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function DateTime({ iso }: { iso: string | null }) {
  if (iso === null) return <span className="muted">—</span>;
  const date = new Date(iso);
  return <time dateTime={iso}>{Number.isNaN(date.getTime()) ? iso : FORMAT.format(date)}</time>;
}
