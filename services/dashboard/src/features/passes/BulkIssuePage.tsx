/**
 * Bulk issue from a CSV file (Pro): pick a template and a file, see which rows are ready, issue them, and
 * read each row's result. On Free the page says what Pro unlocks instead; the API refuses it with 402 too.
 */
import { useState, type ChangeEvent } from 'react';
import { useResource } from '../../hooks/use-resource';
import { useSubmission } from '../../hooks/use-submission';
import { useApi } from '../../session/SessionProvider';
import { CSV_COLUMNS, passesFromCsv, type CsvPasses } from '../../csv/csv-to-passes';
import { CsvError, parseCsv } from '../../csv/parse-csv';
import { formatQuantity } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { ResourceView } from '../../ui/ResourceView';
import { UpgradePrompt } from '../../ui/UpgradePrompt';
import { issueRows, type RowOutcome } from './bulk-issue';
import { BulkResults } from './BulkResults';
import { TemplatePicker } from './TemplatePicker';

const EXAMPLE = 'customer_name,customer_email,external_id,points,metadata.tier\nAda Lovelace,ada@example.com,crm-1001,10,gold';

export function BulkIssuePage() {
  const api = useApi();
  const context = useResource(async () => ({ me: await api.business.me(), templates: (await api.templates.list()).data }), 'bulk');
  return (
    <>
      <PageHeader title="Bulk issue from CSV" />
      <ResourceView handle={context}>
        {({ me, templates }) =>
          me.features['bulk_operations'] ? (
            <BulkIssue templates={templates} />
          ) : (
            <UpgradePrompt feature="bulk_operations" message="Issuing many passes at once from a file is a Pro feature." />
          )
        }
      </ResourceView>
      <section className="card" aria-labelledby="csv-format-heading">
        <h2 id="csv-format-heading">The file</h2>
        <p>
          A CSV file (UTF-8, comma- or semicolon-separated) whose first line names the columns: {CSV_COLUMNS.join(', ')}, and <code>metadata.&lt;name&gt;</code> for
          details of your own. Every column is optional; an empty cell is left out. For example:
        </p>
        <pre className="code-block">{EXAMPLE}</pre>
      </section>
    </>
  );
}

function BulkIssue({ templates }: { templates: Parameters<typeof TemplatePicker>[0]['templates'] }) {
  const api = useApi();
  const [templateId, setTemplateId] = useState(templates[0]?.id ?? '');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [outcomes, setOutcomes] = useState<RowOutcome[] | null>(null);
  const submission = useSubmission();
  const parsed: CsvPasses | null = file ? readFile(file.text, templateId) : null;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setOutcomes(null);
    setFile(chosen ? { name: chosen.name, text: await chosen.text() } : null);
  };

  const issue = async () => {
    if (!parsed?.ok) return;
    const rows = parsed.rows;
    const result = await submission.run(`bulk ${templateId} ${file?.name ?? ''} ${file?.text.length ?? 0}`, (key) =>
      issueRows(rows, (items, batch) => api.passes.issueInBulk(items, `${key}-${batch}`)),
    );
    if (result) setOutcomes(result);
  };

  if (templates.length === 0) return <TemplatePicker templates={templates} value="" onChange={() => undefined} />;
  const ready = parsed?.ok ? parsed.rows.filter((row) => row.ok).length : 0;
  return (
    <div className="form">
      <TemplatePicker templates={templates} value={templateId} onChange={setTemplateId} />
      <div className="field">
        <label htmlFor="bulk-file">CSV file</label>
        <input id="bulk-file" type="file" accept=".csv,text/csv" onChange={(event) => void choose(event)} />
      </div>
      {parsed && !parsed.ok && (
        <p className="notice error" role="alert">
          {parsed.message}
        </p>
      )}
      {parsed?.ok && !outcomes && (
        <p role="status">
          {parsed.rows.length} rows read: {ready} ready to issue
          {parsed.rows.length > ready ? `, ${parsed.rows.length - ready} with problems (shown after issuing, and not sent)` : ''}.
        </p>
      )}
      {parsed?.ok && !outcomes && ready > 0 && (
        <button type="button" className="button primary" aria-disabled={submission.pending || undefined} onClick={() => void issue()}>
          {submission.pending ? 'Issuing…' : `Issue ${formatQuantity(ready, 'pass', 'passes')}`}
        </button>
      )}
      <ProblemNotice problem={submission.problem} />
      {outcomes && <BulkResults outcomes={outcomes} />}
    </div>
  );
}

function readFile(text: string, templateId: string): CsvPasses {
  try {
    return passesFromCsv(parseCsv(text), templateId);
  } catch (error) {
    return { ok: false, message: error instanceof CsvError ? `The file is not valid CSV: ${error.message}.` : 'The file could not be read.' };
  }
}
