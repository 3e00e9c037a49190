/**
 * The `automation-sweep` section (issue 35, "a daily `inactive` sweep over 1,000,000 passes, memory flat"):
 * `--passes` passes of one business issued on one day, written straight into the service's event store
 * with the service following, and an `inactive` automation of the business created through the API. The
 * day's sweep is then run in this process, as the automation runner runs it, on the service's read store,
 * at the time the passes' quiet spell ends (so the service's own sweeps, on today, find none), recording its
 * runs into a work store of its own (so no runner carries them out meanwhile). Timed from start to end,
 * with this process's resident memory sampled throughout: the sweep's time is finding the due passes and
 * recording their work, a page of runs an item. The runs themselves then go on the service's runner at
 * its command rate; a sample of the recorded pages (RUNNER_SAMPLE_RUNS runs at most) is handed to the
 * service's own work store and timed until its runner has carried out every run of them.
 */
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { AUTOMATION_RUN_PAGE, AUTOMATION_SWEEP, AutomationSweepHandler, SWEEP_PAGE_SIZE, type AutomationRunPageWork } from '@passes/application';
import { newWork, SqliteWorkStore, workOf, type Work } from '@passes/background-work';
import { SqliteEventStore } from '@passes/event-store';
import { readModelsOf, SqliteDocumentStore } from '@passes/read-model';
import { EmbeddedFollowers } from '../embedded-followers';
import { startEmbeddedService } from '../embedded-service';
import { createFixture } from '../fixture';
import { count, seconds, verdict } from '../format';
import { requestJson, stringAt } from '../json-request';
import type { Resources } from '../resources';
import { heading, type SectionOutcome } from '../section';
import { appendCustomerPasses } from '../seeding/pass-histories';
import { upgradeToPro } from '../upgrade-to-pro';

const DAY_MS = 86_400_000;
const QUIET_DAYS = 30;
/** The passes were issued this long before the service's today; the bench sweeps QUIET_DAYS after. */
const ISSUED_DAYS_AGO = 40;
const MEMORY_SAMPLE_MS = 100;
const SWEEP_GOAL_SECONDS = 60;
const GOAL_PASSES = 1_000_000;
/** The most runs handed to the service's runner to time it: enough for a rate, few enough for a short wait. */
const RUNNER_SAMPLE_RUNS = 10_000;
const RUNNER_POLL_MS = 200;

export interface AutomationSweepFigures {
  passes: number;
  runsRecorded: number;
  /** The work items the runs were recorded in: pages of runs. */
  pagesRecorded: number;
  sweepSeconds: number;
  /** The runs of the sample handed to the service's runner, and how long it took to carry them all out. */
  runnerRuns: number;
  runnerSeconds: number;
  /** The lowest and highest resident memory and heap of this process sampled during the sweep. */
  rssLowMiB: number;
  rssHighMiB: number;
  heapLowMiB: number;
  heapHighMiB: number;
  /** The heap that survives a full collection, before and after the sweep: what the sweep keeps, unlike garbage not yet collected. */
  retainedBeforeMiB: number;
  retainedAfterMiB: number;
  loadAverage: number[];
}

const mib = (bytes: number) => bytes / 1024 / 1024;

/** The heap in use after a full collection (V8's `gc`, exposed to this process for the measurement). */
function retainedHeap(): number {
  v8.setFlagsFromString('--expose-gc');
  const collect: unknown = vm.runInNewContext('gc');
  if (typeof collect === 'function') collect();
  return process.memoryUsage().heapUsed;
}

export async function runAutomationSweepSection(passes: number, resources: Resources): Promise<SectionOutcome<AutomationSweepFigures>> {
  const service = await startEmbeddedService(resources, 'automation sweep service');
  const fixture = await createFixture(service.url);
  await upgradeToPro(service.url, service.storesEnv, fixture);
  const followers = EmbeddedFollowers.open(service, resources);
  const events = SqliteEventStore.open(path.join(service.dataDir, 'events.sqlite'));
  const issuedAt = new Date(Date.now() - ISSUED_DAYS_AGO * DAY_MS);
  process.stderr.write(`automation-sweep: issuing ${count(passes)} passes on ${issuedAt.toISOString().slice(0, 10)} straight into events.sqlite…\n`);
  try {
    await appendCustomerPasses(events, fixture, passes, () => issuedAt, (head) => followers.waitFor(head));
  } finally {
    await events.close();
  }
  const created = await requestJson(
    'POST',
    `${service.url}/businesses/${fixture.businessId}/automations`,
    { name: 'We miss you', trigger: { type: 'inactive', days: QUIET_DAYS }, actions: [{ type: 'add_points', points: 5 }] },
    fixture.token,
    201,
  );
  stringAt(created, 'id');

  const documents = SqliteDocumentStore.open(path.join(service.dataDir, 'read-models.sqlite'));
  const work = SqliteWorkStore.open(path.join(service.dataDir, 'bench-sweep-work.sqlite'));
  resources.defer(async () => {
    await work.close();
    await documents.close();
  });
  const sweptAt = new Date(issuedAt.getTime() + QUIET_DAYS * DAY_MS + 60_000);
  const sweep = new AutomationSweepHandler(readModelsOf(documents), work, { now: () => sweptAt }, () => undefined);
  process.stderr.write(`automation-sweep: sweeping the ${QUIET_DAYS}-day quiet spell of ${count(passes)} passes…\n`);
  const retainedBefore = retainedHeap();
  // Garbage is collected when V8 sees fit: growth is read between the lowest and highest samples.
  const memory = { rss: [Infinity, 0], heap: [Infinity, 0] };
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage();
    memory.rss = [Math.min(memory.rss[0] ?? rss, rss), Math.max(memory.rss[1] ?? rss, rss)];
    memory.heap = [Math.min(memory.heap[0] ?? heapUsed, heapUsed), Math.max(memory.heap[1] ?? heapUsed, heapUsed)];
  };
  sample();
  const sampler = setInterval(sample, MEMORY_SAMPLE_MS);
  const started = performance.now();
  try {
    const item = { ...newWork(AUTOMATION_SWEEP, { id: 'bench-sweep', payload: {}, dueAt: sweptAt, createdAt: sweptAt }), payload: {}, status: 'pending' as const, attempts: 1, lastAttemptAt: sweptAt, lastCode: null, lastError: null };
    const outcome = await sweep.handle(item, new AbortController().signal);
    if (outcome.outcome !== 'done') throw new Error(`the sweep ended ${outcome.outcome}`);
  } finally {
    clearInterval(sampler);
    sample();
  }
  const sweepSeconds = (performance.now() - started) / 1000;
  const retainedAfter = retainedHeap();
  const pages = await recordedPages(work, passes);
  const runsRecorded = pages.reduce((sum, page) => sum + page.payload.runs.length, 0);
  process.stderr.write(`automation-sweep: handing up to ${count(RUNNER_SAMPLE_RUNS)} of the runs to the service's runner…\n`);
  const runner = await timeRunner(path.join(service.dataDir, 'background-work.sqlite'), pages);
  const figures: AutomationSweepFigures = {
    passes,
    runsRecorded,
    pagesRecorded: pages.length,
    sweepSeconds,
    runnerRuns: runner.runs,
    runnerSeconds: runner.seconds,
    rssLowMiB: mib(memory.rss[0] ?? 0),
    rssHighMiB: mib(memory.rss[1] ?? 0),
    heapLowMiB: mib(memory.heap[0] ?? 0),
    heapHighMiB: mib(memory.heap[1] ?? 0),
    retainedBeforeMiB: mib(retainedBefore),
    retainedAfterMiB: mib(retainedAfter),
    loadAverage: os.loadavg(),
  };
  const warnings = runsRecorded === passes ? [] : [`automation-sweep: ${count(runsRecorded)} runs recorded for ${count(passes)} quiet passes`];
  return {
    lines: [
      '',
      heading(`automation-sweep · embedded profile · the daily inactive sweep over ${count(passes)} passes in one day's bucket, read ${SWEEP_PAGE_SIZE} at a time`),
      `sweep (finding the due passes and recording their runs): ${seconds(sweepSeconds)} (goal < ${SWEEP_GOAL_SECONDS} s at 1,000,000: ${passes >= GOAL_PASSES ? verdict(sweepSeconds < SWEEP_GOAL_SECONDS) : 'judged only at 1,000,000 passes'}), ${count(runsRecorded)} runs recorded in ${count(pages.length)} work items`,
      `the runs then go on the service's runner at its command rate: ${count(runner.runs)} of them carried out in ${seconds(runner.seconds)} (${count(runner.runs / runner.seconds)} runs/s)`,
      `memory of this process during the sweep: RSS ${figures.rssLowMiB.toFixed(0)}–${figures.rssHighMiB.toFixed(0)} MiB (growth ${(figures.rssHighMiB - figures.rssLowMiB).toFixed(1)} MiB), heap ${figures.heapLowMiB.toFixed(0)}–${figures.heapHighMiB.toFixed(0)} MiB; heap left after a full collection ${figures.retainedBeforeMiB.toFixed(1)} MiB before, ${figures.retainedAfterMiB.toFixed(1)} MiB after`,
      `load average at the end: ${figures.loadAverage.map((value) => value.toFixed(2)).join(' ')}`,
    ],
    warnings,
    figures,
  };
}

/** The pages of runs the sweep recorded (at most one a pass). */
async function recordedPages(work: SqliteWorkStore, passes: number): Promise<Work<AutomationRunPageWork>[]> {
  const items = await work.list({ kind: AUTOMATION_RUN_PAGE.name, limit: Math.max(passes, 1) });
  return items.flatMap((item) => workOf(AUTOMATION_RUN_PAGE, item) ?? []);
}

/**
 * Records pages of runs, up to RUNNER_SAMPLE_RUNS runs, in the service's own work store, due now, and
 * waits until its runner has none of them pending (each run done on its pass's stream).
 */
async function timeRunner(serviceWorkFile: string, pages: readonly Work<AutomationRunPageWork>[]): Promise<{ runs: number; seconds: number }> {
  const sample: Work<AutomationRunPageWork>[] = [];
  let runs = 0;
  for (const page of pages) {
    if (runs >= RUNNER_SAMPLE_RUNS) break;
    sample.push(page);
    runs += page.payload.runs.length;
  }
  const work = SqliteWorkStore.open(serviceWorkFile);
  try {
    const now = new Date();
    const started = performance.now();
    await work.record(sample.map((page) => newWork(AUTOMATION_RUN_PAGE, { id: page.id, payload: page.payload, dueAt: now, createdAt: now })));
    const pending = async () => (await work.backlog()).filter((each) => each.kind === AUTOMATION_RUN_PAGE.name || each.kind === 'automation.run').reduce((sum, each) => sum + each.pending, 0);
    while ((await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, RUNNER_POLL_MS));
    return { runs, seconds: (performance.now() - started) / 1000 };
  } finally {
    await work.close();
  }
}
