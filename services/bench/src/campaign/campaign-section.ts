/**
 * The `campaign` section (issue 34): a campaign to BENCH_CAMPAIGN_PASSES passes on the embedded profile,
 * sent while the service serves `get`. The passes are issued straight through the event store, the service
 * following each commit, so the audience is in the read models before anything is timed. Figures: the
 * recipients a second from the send's 202 until the campaign reads `sent`, and `get`'s p99 during the
 * send against its p99 without.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SqliteEventStore } from '@passes/event-store';
import { count, ratio, seconds, verdict } from '../format';
import { EmbeddedFollowers } from '../embedded-followers';
import { startEmbeddedService } from '../embedded-service';
import { createFixture } from '../fixture';
import { requestJson, stringAt } from '../json-request';
import { measure, startLoad, type Measurement } from '../measure';
import { tableLines, warningLines, type Row } from '../report';
import type { Resources } from '../resources';
import { scenarioNamed } from '../scenarios';
import { heading, type SectionOutcome } from '../section';
import { appendIssuedPasses } from '../seeding/pass-histories';
import type { Settings } from '../settings';
import { CAMPAIGN_GOAL_P99_RATIO, CAMPAIGN_GOAL_RECIPIENTS_PER_SECOND, type CampaignFigures } from './campaign-figures';

const POLL_MS = 100;
const customer = (index: number) => ({ name: `Holder ${index}`, email: `holder-${index}@example.com`, externalId: null });

const rows = (without: Measurement, during: Measurement): Row[] => [
  { ...without, scenario: 'get without a campaign', baseline: null, ratio: null },
  { ...during, scenario: 'get while a campaign sends', baseline: null, ratio: null },
];

function recipientsOf(campaign: unknown): number {
  const stats = typeof campaign === 'object' && campaign !== null && 'stats' in campaign ? campaign.stats : null;
  const recipients = typeof stats === 'object' && stats !== null && 'recipients' in stats ? stats.recipients : null;
  if (typeof recipients !== 'number') throw new Error(`a sent campaign without stats.recipients: ${JSON.stringify(campaign).slice(0, 500)}`);
  return recipients;
}

/** Sends the campaign and reads it until it is sent; its recipients then. */
async function sendAndWait(campaignUrl: string, token: string): Promise<number> {
  await requestJson('POST', `${campaignUrl}/send`, undefined, token, 202);
  for (;;) {
    const campaign = await requestJson('GET', campaignUrl, undefined, token, 200);
    if (stringAt(campaign, 'status') === 'sent') return recipientsOf(campaign);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export async function runCampaignSection(settings: Settings, resources: Resources): Promise<SectionOutcome<CampaignFigures>> {
  const service = await startEmbeddedService(resources, 'campaign service');
  const fixture = await createFixture(service.url);

  process.stderr.write(`campaign: issuing ${count(settings.campaignPasses)} passes straight into events.sqlite, the service following…\n`);
  const followers = EmbeddedFollowers.open(service, resources);
  const store = SqliteEventStore.open(path.join(service.dataDir, 'events.sqlite'));
  try {
    await appendIssuedPasses(store, fixture, { from: 0, to: settings.campaignPasses, customerOf: customer, sampled: new Set(), afterCommit: (head) => followers.waitFor(head) });
  } finally {
    await store.close();
  }

  const get = scenarioNamed('get');
  process.stderr.write(`campaign: measuring get without a campaign for ${settings.durationSeconds} s…\n`);
  const withoutCampaign = await measure(get, service.url, fixture, settings);

  const campaigns = `${service.url}/businesses/${fixture.businessId}/campaigns`;
  const created = await requestJson('POST', campaigns, { name: 'Bench', message: { header: 'Double stamps', body: 'Every stamp counts twice this Friday.' } }, fixture.token, 201);
  const campaignUrl = `${campaigns}/${stringAt(created, 'id')}`;
  process.stderr.write('campaign: sending it while measuring get…\n');
  const load = startLoad(get, service.url, fixture, settings.connections);
  const started = performance.now();
  const [sent] = await Promise.allSettled([sendAndWait(campaignUrl, fixture.token)]);
  const sendSeconds = (performance.now() - started) / 1000;
  // Stopped however the send ended, so that no load outlives it.
  const duringCampaign = await load.stop();
  if (sent.status === 'rejected') throw sent.reason;
  const recipients = sent.value;

  const p99Ratio = withoutCampaign.p99Ms > 0 ? duringCampaign.p99Ms / withoutCampaign.p99Ms : null;
  const recipientsPerSecond = recipients / sendSeconds;
  const figures: CampaignFigures = {
    passes: settings.campaignPasses,
    recipients,
    sendSeconds,
    recipientsPerSecond,
    withoutCampaign,
    duringCampaign,
    p99Ratio,
    rateGoalMet: recipientsPerSecond >= CAMPAIGN_GOAL_RECIPIENTS_PER_SECOND,
    latencyGoalMet: p99Ratio !== null && p99Ratio <= CAMPAIGN_GOAL_P99_RATIO && duringCampaign.non2xx === 0 && duringCampaign.errors === 0,
  };
  return {
    lines: [
      '',
      heading('campaign · embedded profile · a campaign to every pass of a business while the service serves `get`'),
      `audience: ${count(figures.passes)} passes issued straight into events.sqlite; ${count(recipients)} recipients in ${seconds(sendSeconds)} from the 202 to \`sent\`: ${count(recipientsPerSecond)} recipients/s`,
      ...tableLines(rows(withoutCampaign, duringCampaign)),
      `goal ≥ ${count(CAMPAIGN_GOAL_RECIPIENTS_PER_SECOND)} recipients/s: ${verdict(figures.rateGoalMet)}`,
      `goal p99 while sending ≤ ${CAMPAIGN_GOAL_P99_RATIO}× without, no failed request: ${verdict(figures.latencyGoalMet)} (p99 ${duringCampaign.p99Ms} ms during, ${withoutCampaign.p99Ms} ms without: ${ratio(duringCampaign.p99Ms, withoutCampaign.p99Ms)})`,
    ],
    warnings: warningLines(rows(withoutCampaign, duringCampaign), { 'campaign service': service.problems() }),
    figures,
  };
}
