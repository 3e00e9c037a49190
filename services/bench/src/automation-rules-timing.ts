/**
 * How fast the automations' process manager can decide what fires (issue 35: follow the feed with 50 rules a
 * business): events of one business's passes go through the trigger rules with 50 rules of every kind, in
 * this process, with the pass states folded as the follower folds them. The store and the work it records
 * are the webhook recorder's costs, measured elsewhere.
 */
import { performance } from 'node:perf_hooks';
import { firingsOf, passDecider, type Automation, type AutomationTrigger, type Pass, type PassEvent } from '@passes/domain';
import { heading, type SectionOutcome } from './section';

const RULES = 50;
const EVENTS = 200_000;
const GOAL_EVENTS_PER_SECOND = 20_000;
const BUSINESS = '0196b5e2-0000-7000-8000-000000000001';
const AT = '2026-11-21T10:00:00.000Z';

export interface AutomationRuleFigures {
  rules: number;
  events: number;
  firings: number;
  eventsPerSecond: number;
}

const TRIGGERS: readonly AutomationTrigger[] = [
  { type: 'pass_issued', delay_minutes: 0 },
  { type: 'stamps_reached', value: 5 },
  { type: 'points_reached', value: 500 },
  { type: 'reward_earned', milestone_id: null },
  { type: 'balance_below', value: 500 },
  { type: 'inactive', days: 30 },
  { type: 'birthday' },
];

function rules(): Automation[] {
  return Array.from({ length: RULES }, (_, index) => ({
    id: `automation-${index}`,
    businessId: BUSINESS,
    mode: 'live',
    name: `Rule ${index}`,
    templateId: null,
    trigger: TRIGGERS[index % TRIGGERS.length] ?? { type: 'birthday' },
    actions: [{ type: 'add_points', points: 1 }],
    enabled: true,
    createdAt: AT,
    updatedAt: AT,
  }));
}

function issued(index: number): PassEvent {
  return {
    type: 'PassIssued',
    data: {
      pass_id: `pass-${index}`,
      business_id: BUSINESS,
      mode: 'live',
      template_id: 'template-1',
      serial_number: `PS-${index}`,
      customer_name: null,
      customer_email: null,
      external_id: null,
      points: 0,
      balance_minor: 1000,
      barcode_data: null,
      nfc_data: null,
      metadata: {},
      occurred_at: AT,
    },
  };
}

function measure(): AutomationRuleFigures {
  const automations = rules();
  // A pass every 20 events, stamped in between: issues, crossings and levels in the proportions of a café.
  let pass: Pass | null = null;
  let firings = 0;
  const started = performance.now();
  for (let index = 0; index < EVENTS; index++) {
    const event: PassEvent = index % 20 === 0 ? issued(index) : { type: 'PassStamped', data: { count: 1, stamps: (pass?.stamps ?? 0) + 1, occurred_at: AT } };
    const before: Pass | null = event.type === 'PassIssued' ? null : pass;
    const after = passDecider.evolve(before, event);
    if (after === null) continue;
    firings += firingsOf({ eventId: `event-${index}`, event, before, after, madeBy: null }, automations).length;
    pass = after;
  }
  const seconds = (performance.now() - started) / 1000;
  return { rules: RULES, events: EVENTS, firings, eventsPerSecond: Math.round(EVENTS / seconds) };
}

export function runAutomationRulesSection(): SectionOutcome<AutomationRuleFigures> {
  const figures = measure();
  return {
    lines: [
      '',
      heading('automations · the trigger rules on each event of the feed, 50 rules a business, in this process'),
      `${figures.events} pass events through ${figures.rules} rules: ${figures.eventsPerSecond} events/s (goal ≥ ${GOAL_EVENTS_PER_SECOND}), ${figures.firings} firings`,
    ],
    warnings: [],
    figures,
  };
}
