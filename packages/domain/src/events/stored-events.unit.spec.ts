/**
 * Stored events are never rewritten (DESIGN §3): whatever a version of the service once appended is
 * decoded by every later one, through the registry of its stream's aggregate and the upcasters between its
 * schema version and today's. stored-events/ keeps events as services stored them, out of their event
 * stores: `before-the-programme.json` of 50d00f4 (the service before reward milestones, campaigns,
 * automations, analytics and payments: a café's passes issued, stamped, charged, topped up, redeemed, voided
 * and reactivated), `the-programme.json` of the service after every programme feature had been used once,
 * and `less-travelled-paths.json` of 13a5ff5, one of each event only less travelled paths append (a pass
 * added to and removed from a wallet, automation emails stopped and resumed, an invitation accepted, a
 * webhook disabled, a subscription recorded and its renewal failed, an export failed and removed; later a
 * password reset asked for and done, a password changed). Together
 * they hold every type the registries know, so a new type comes with an event as the service stored it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { analyticsExportEvents } from '../analytics/analytics-export-event-registry';
import { apiKeyEvents } from '../api-key/api-key-event-registry';
import { automationEvents } from '../automation/automation-event-registry';
import { businessEvents } from '../business/business-event-registry';
import { campaignEvents } from '../campaign/campaign-event-registry';
import { milestoneEvents } from '../milestone/milestone-event-registry';
import { passEvents } from '../pass/pass-event-registry';
import { paymentAccountEvents } from '../payment/payment-account';
import { subscriptionEvents } from '../payment/subscription';
import { reservationEvents } from '../reservation/reservation-event-registry';
import { templateEvents } from '../template/template-event-registry';
import { userEvents } from '../user/user-event-registry';
import { webhookEvents } from '../webhook/webhook-event-registry';
import { decodeEvent, type DomainEventShape, type EventRegistry } from './event-registry';

const STORED = path.join(__dirname, 'stored-events');

const storedEvent = z.object({ stream: z.string(), type: z.string(), data: z.unknown(), metadata: z.object({ schema_version: z.number() }).passthrough() });

/** Each stream's registry by the beginning of its name (shared/stream-names.ts): the reservations' before the aggregates theirs begin like. */
const REGISTRIES: readonly (readonly [string, EventRegistry<DomainEventShape>])[] = [
  ['pass-external-id-', reservationEvents],
  ['user-email-', reservationEvents],
  ['pass-', passEvents],
  ['business-', businessEvents],
  ['user-', userEvents],
  ['api-key-', apiKeyEvents],
  ['template-', templateEvents],
  ['webhook-', webhookEvents],
  ['milestone-', milestoneEvents],
  ['analytics-export-', analyticsExportEvents],
  ['payment-account-', paymentAccountEvents],
  ['subscription-', subscriptionEvents],
  ['campaign-', campaignEvents],
  ['automation-', automationEvents],
];

function registryOf(stream: string): EventRegistry<DomainEventShape> {
  const found = REGISTRIES.find(([beginning]) => stream.startsWith(beginning));
  if (found === undefined) throw new Error(`no registry for the stream ${stream}`);
  return found[1];
}

const files = fs.readdirSync(STORED);
const storedEvents = (file: string) => z.array(storedEvent).nonempty().parse(JSON.parse(fs.readFileSync(path.join(STORED, file), 'utf8')));

describe('events as earlier services stored them', () => {
  it.each(files)('%s: every one decodes through its stream\'s registry today', (file) => {
    const events = storedEvents(file);
    const undecodable = events.flatMap((event) => {
      try {
        decodeEvent(registryOf(event.stream), event);
        return [];
      } catch (error) {
        return [`${event.type} (schema version ${event.metadata.schema_version}): ${error instanceof Error ? error.message : String(error)}`];
      }
    });
    expect(undecodable).toEqual([]);
  });

  it('hold together every type of event the registries know', () => {
    const stored = new Set(files.flatMap((file) => storedEvents(file).map((event) => event.type)));
    const known = new Set(REGISTRIES.flatMap(([, registry]) => Object.keys(registry)));

    expect([...known].filter((type) => !stored.has(type)).sort()).toEqual([]);
  });
});
