/**
 * `npm run bench [-- --sections=http,batches,hot-pass,long-stream,pkpass,images,rebuild,audit,payments,distributed,campaign,automations,scale,soak,analytics,browse,automation-sweep]
 * [--passes=N] [--soak-seconds=S]`: each section starts what it measures in child processes of its own, on fresh
 * data, and stops them before the next one starts (scale, soak and analytics run only when named).
 * Progress goes to stderr; the report to stdout, ending with one `BENCH_RESULT` JSON line.
 */
import { runAnalyticsSection } from './analytics/analytics-section';
import { runAuditSection } from './audit/audit-section';
import { runBrowseSection } from './browse/browse-section';
import { runDistributedSection } from './distributed/distributed-section';
import { runHttpSections } from './http-section';
import { describeMachine } from './machine';
import { runRebuildSection } from './rebuild/rebuild-section';
import { runScaleSections } from './scale/scale-section';
import { runPaymentsSection } from './payments/payments-section';
import { runPkpassSection } from './pkpass-timing';
import { runAutomationRulesSection } from './automation-rules-timing';
import { runImageRenderingSection } from './image-rendering-timing';
import { machineLines, resultLine, type BenchResult } from './report';
import { runAutomationSweepSection } from './automation-sweep/automation-sweep-section';
import { Resources } from './resources';
import type { SectionOutcome } from './section';
import { argumentsFrom, type BenchArguments } from './sections';
import { settingsFromEnvironment } from './settings';
import { runHotPassSection } from './write-path/hot-pass-section';
import { runCampaignSection } from './campaign/campaign-section';
import { runLongStreamSection } from './write-path/long-stream-section';
import { writePathGoalLines } from './write-path/write-path-goals';

const print = (lines: string[]) => process.stdout.write(`${lines.join('\n')}\n`);

async function run({ sections, scale }: BenchArguments, resources: Resources): Promise<void> {
  const settings = settingsFromEnvironment(process.env);
  const machine = describeMachine();
  print(machineLines(machine, settings));

  const result: BenchResult = { machine, settings, sections: [...sections], scenarios: null, batches: null, hotPass: null, longStream: null, pkpass: null, images: null, rebuild: null, audit: null, payments: null, distributed: null, campaign: null, automations: null, scale: null, analytics: null, browse: null, automationSweep: null };
  const warnings: string[] = [];
  /** Prints a section as soon as it is done; its warnings wait for the end of the report. */
  const report = <Figures>(outcome: SectionOutcome<Figures>): Figures => {
    print(outcome.lines);
    warnings.push(...outcome.warnings);
    return outcome.figures;
  };

  if (sections.has('http') || sections.has('batches')) {
    const wanted = { http: sections.has('http'), batches: sections.has('batches') };
    ({ scenarios: result.scenarios, batches: result.batches } = report(await resources.scoped((own) => runHttpSections(wanted, settings, own))));
  }
  if (sections.has('hot-pass')) result.hotPass = report(await resources.scoped((own) => runHotPassSection(settings, own)));
  if (sections.has('long-stream')) result.longStream = report(await resources.scoped((own) => runLongStreamSection(settings, own)));
  const goals = writePathGoalLines(result);
  if (goals.length > 0) print(goals);
  if (sections.has('pkpass')) result.pkpass = report(runPkpassSection());
  if (sections.has('images')) result.images = report(await runImageRenderingSection());
  if (sections.has('rebuild')) result.rebuild = report(await resources.scoped((own) => runRebuildSection(settings, own)));
  if (sections.has('audit')) result.audit = report(await resources.scoped((own) => runAuditSection(own)));
  if (sections.has('payments')) result.payments = report(await resources.scoped((own) => runPaymentsSection(own)));
  if (sections.has('distributed')) result.distributed = report(await resources.scoped((own) => runDistributedSection(settings, result.scenarios, own)));
  if (sections.has('campaign')) result.campaign = report(await resources.scoped((own) => runCampaignSection(settings, own)));
  if (sections.has('automations')) result.automations = report(runAutomationRulesSection());
  if (sections.has('scale') || sections.has('soak')) {
    const wanted = { scale: sections.has('scale'), soak: sections.has('soak') };
    result.scale = report(await resources.scoped((own) => runScaleSections(wanted, settings, scale, own)));
  }
  if (sections.has('analytics')) result.analytics = report(await resources.scoped((own) => runAnalyticsSection(scale.passes, own)));

  if (sections.has('browse')) result.browse = report(await resources.scoped((own) => runBrowseSection(settings, scale, own)));
  if (sections.has('automation-sweep')) result.automationSweep = report(await resources.scoped((own) => runAutomationSweepSection(scale.passes, own)));

  if (warnings.length > 0) print(['', ...warnings]);
  print(['', resultLine(result)]);
}

/** fetch reports every network failure as `fetch failed`; what went wrong is in its cause. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause === undefined ? error.message : `${error.message} (${describe(error.cause)})`;
}

function main(): void {
  let benchArguments: BenchArguments;
  try {
    benchArguments = argumentsFrom(process.argv.slice(2));
  } catch (error: unknown) {
    process.stderr.write(`bench: ${describe(error)}\n`);
    process.exitCode = 2;
    return;
  }
  const resources = new Resources();
  process.once('SIGINT', () => {
    void resources.release().finally(() => process.exit(130));
  });
  run(benchArguments, resources)
    .catch((error: unknown) => {
      process.stderr.write(`bench failed: ${describe(error)}\n`);
      process.exitCode = 1;
    })
    .finally(() => resources.release());
}

main();
