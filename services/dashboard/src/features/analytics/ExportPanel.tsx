/**
 * Export (Pro): the range on screen as a CSV of its days, or every pass or event of it; the export is
 * made in the background, so the panel follows its status, then offers the file. On Free the API's 402
 * shows as the upgrade invitation.
 */
import { useEffect, useState } from 'react';
import type { AnalyticsExportResponse } from '@passes/contracts';
import type { AnalyticsRange } from '../../api/endpoints/analytics';
import { problemOf, type ApiProblem } from '../../api/api-problem';
import { useSubmission } from '../../hooks/use-submission';
import { useApi } from '../../session/SessionProvider';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { SelectField } from '../../ui/SelectField';

type Kind = AnalyticsExportResponse['kind'];

const KINDS: readonly { value: Kind; label: string }[] = [
  { value: 'daily', label: 'Day by day (the figures above)' },
  { value: 'passes', label: 'Passes issued in the range' },
  { value: 'events', label: 'Every event of the range' },
];

/** How often an export under way is looked at again. */
const FOLLOW_MS = 1000;

const STATUS_WORDS: Record<AnalyticsExportResponse['status'], string> = {
  queued: 'Waiting to start…',
  running: 'Preparing the file…',
  ready: 'Ready',
  failed: 'The export failed. Try again.',
};

export function ExportPanel({ range }: { range: AnalyticsRange }) {
  const api = useApi();
  const [kind, setKind] = useState<Kind>('daily');
  const [exported, setExported] = useState<AnalyticsExportResponse | null>(null);
  const [followProblem, setFollowProblem] = useState<ApiProblem | null>(null);
  const submission = useSubmission();
  const downloading = useSubmission();

  const start = async () => {
    const body = { kind, from: range.from, to: range.to, tz: range.tz, ...(range.templateId === null ? {} : { template_id: range.templateId }) };
    const queued = await submission.run(`export ${JSON.stringify(body)}`, (key) => api.analytics.requestExport(body, key));
    if (queued) setExported(queued);
  };

  useEffect(() => {
    if (exported === null || exported.status === 'ready' || exported.status === 'failed') return;
    const timer = setTimeout(() => {
      api.analytics.exportOf(exported.id).then(setExported, (error: unknown) => setFollowProblem(problemOf(error)));
    }, FOLLOW_MS);
    return () => clearTimeout(timer);
  }, [api, exported]);

  const download = async (ready: AnalyticsExportResponse) => {
    const file = await downloading.run(`download ${ready.id}`, () => api.analytics.download(ready.id));
    if (!file) return;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(file);
    link.download = `analytics-${ready.kind}-${ready.from ?? 'all'}-${ready.to ?? 'all'}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  const underWay = exported !== null && (exported.status === 'queued' || exported.status === 'running');
  return (
    <section className="card analytics-export" aria-labelledby="export-heading">
      <h2 id="export-heading">Export</h2>
      <SelectField label="What to export" value={kind} choices={KINDS} onChange={setKind} />
      <button type="button" className="button" onClick={() => void start()} disabled={submission.pending || underWay}>
        Export CSV
      </button>
      <ProblemNotice problem={submission.problem ?? followProblem ?? downloading.problem} />
      {exported && (
        <div className="analytics-export-status" role="status">
          {underWay && <progress aria-label="Export progress" />}
          <p>
            {STATUS_WORDS[exported.status]}
            {exported.status === 'ready' && ` · ${exported.rows ?? 0} rows`}
          </p>
          {exported.status === 'ready' && (
            <button type="button" className="button" onClick={() => void download(exported)} disabled={downloading.pending}>
              Download CSV
            </button>
          )}
        </div>
      )}
    </section>
  );
}
