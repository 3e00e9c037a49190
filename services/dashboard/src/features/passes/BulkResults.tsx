/** The outcome of each row of a bulk issue, by line of the file. */
import { Link } from '../../router/Link';
import type { RowOutcome } from './bulk-issue';
import { passPath } from './pass-path';

const WORDS = { created: 'issued', error: 'refused', not_sent: 'not sent' } as const;
const TONES = { created: 'good', error: 'bad', not_sent: 'neutral' } as const;

export function BulkResults({ outcomes }: { outcomes: readonly RowOutcome[] }) {
  const created = outcomes.filter((outcome) => outcome.status === 'created').length;
  return (
    <section aria-labelledby="bulk-results-heading">
      <div role="status">
        <h2 id="bulk-results-heading">
          {created} of {outcomes.length} passes issued
        </h2>
      </div>
      <div className="table-scroll">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Result</th>
              <th scope="col">Pass or reason</th>
            </tr>
          </thead>
          <tbody>
            {outcomes.map((outcome) => (
              <tr key={outcome.line} data-row-status={outcome.status}>
                <td>{outcome.line}</td>
                <td>
                  <span className={`badge ${TONES[outcome.status]}`}>{WORDS[outcome.status]}</span>
                </td>
                <td>
                  {outcome.status === 'created' ? (
                    <Link to={passPath(outcome.passId)} className="code">
                      {outcome.serialNumber}
                    </Link>
                  ) : outcome.status === 'error' ? (
                    `${outcome.code}: ${outcome.message}`
                  ) : (
                    `Not sent: ${outcome.message}`
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
