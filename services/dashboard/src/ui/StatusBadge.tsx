/** A status as a word with a colour; the word carries the meaning, the colour only repeats it. */

const TONES: Readonly<Record<string, string>> = {
  active: 'good',
  available: 'good',
  delivered: 'good',
  succeeded: 'good',
  done: 'good',
  checked_in: 'info',
  pending: 'info',
  invited: 'info',
  redeemed: 'neutral',
  revoked: 'neutral',
  cancelled: 'neutral',
  disabled: 'bad',
  voided: 'bad',
  expired: 'bad',
  failed: 'bad',
};

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge ${TONES[status] ?? 'neutral'}`}>{status.replaceAll('_', ' ')}</span>;
}
