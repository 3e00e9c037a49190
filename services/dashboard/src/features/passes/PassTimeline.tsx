/** A pass's whole history, oldest first, from the events endpoint: what happened and when. */
import type { HistoryEntry } from './describe-event';
import { DateTime } from '../../ui/DateTime';
import { describeEvent } from './describe-event';

export function PassTimeline({ entries, currency }: { entries: readonly HistoryEntry[]; currency: string | null }) {
  return (
    <ol className="timeline" aria-label="History">
      {entries.map((entry) => (
        <li key={entry.revision} data-event-type={entry.type}>
          <span className="timeline-what">{describeEvent(entry, currency)}</span>
          <span className="timeline-when">
            <DateTime iso={entry.recorded_at} />
          </span>
        </li>
      ))}
    </ol>
  );
}
