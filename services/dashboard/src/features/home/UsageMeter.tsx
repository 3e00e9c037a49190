/** How much of a plan's limit is used: the numbers in words, a bar for the eye. */
import { formatCount } from '../../ui/format';

export function UsageMeter({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const full = limit !== null && used >= limit;
  return (
    <div className={`usage${full ? ' full' : ''}`}>
      <div className="usage-label">
        <span>{label}</span>
        <span>{limit === null ? `${formatCount(used)} (unlimited)` : `${formatCount(used)} of ${formatCount(limit)}`}</span>
      </div>
      {limit !== null && <meter min={0} max={limit} value={Math.min(used, limit)} aria-label={`${label}: ${used} of ${limit}`} />}
      {full && <p className="usage-note">Limit reached: Pro has no limit here.</p>}
    </div>
  );
}
