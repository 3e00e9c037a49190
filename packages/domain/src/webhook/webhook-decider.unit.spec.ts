import { describe, expect, test } from '@jest/globals';
import { replay } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import type { WebhookCommand, WebhookEvent, WebhookEventName } from './webhook';
import { webhookDecider } from './webhook-decider';

const spec = deciderSpec(webhookDecider);
const NOW = new Date('2026-11-21T10:00:00.000Z');
const LATER = new Date('2026-11-21T11:00:00.000Z');

const register = (events: WebhookEventName[]): WebhookCommand => ({
  type: 'RegisterWebhook',
  webhookId: 'webhook-1',
  businessId: 'business-1',
  url: 'https://hooks.example.com/passes',
  events,
  description: 'Till sync',
  secretCiphertext: 'v1.iv.ciphertext.tag',
  now: NOW,
});
const registered = (events: WebhookEventName[]): WebhookEvent => ({
  type: 'WebhookRegistered',
  data: {
    webhook_id: 'webhook-1',
    business_id: 'business-1',
    url: 'https://hooks.example.com/passes',
    events,
    description: 'Till sync',
    secret_ciphertext: 'v1.iv.ciphertext.tag',
    occurred_at: NOW.toISOString(),
  },
});
const deleted: WebhookEvent = { type: 'WebhookDeleted', data: { occurred_at: LATER.toISOString() } };
const disabled: WebhookEvent = { type: 'WebhookDisabled', data: { reason: 'endpoint_gone', status_code: 410, occurred_at: LATER.toISOString() } };
const disable: WebhookCommand = { type: 'DisableWebhook', reason: 'endpoint_gone', statusCode: 410, now: LATER };

describe('registering a webhook', () => {
  test('records the webhook with its encrypted secret', () => {
    spec.given([]).when(register(['pass.created'])).then([registered(['pass.created'])]);
  });

  test('records the events in the table’s order, without repeats', () => {
    spec.given([]).when(register(['pass.voided', 'pass.created', 'pass.voided'])).then([registered(['pass.created', 'pass.voided'])]);
  });

  test('a webhook without events is a validation_error on events', () => {
    const error = spec.given([]).when(register([])).thenThrows('validation_error');
    expect(error.details).toEqual({ issues: [{ path: 'events', message: 'must name at least one event' }] });
  });

  test('registering a webhook that exists is a conflict', () => {
    spec.given([registered(['pass.created'])]).when(register(['pass.created'])).thenThrows('conflict');
  });
});

describe('deleting a webhook', () => {
  test('records the deletion', () => {
    spec.given([registered(['pass.created'])]).when({ type: 'DeleteWebhook', now: LATER }).then([deleted]);
  });

  test('a deleted webhook is not_found', () => {
    spec.given([registered(['pass.created']), deleted]).when({ type: 'DeleteWebhook', now: LATER }).thenThrows('not_found');
  });
});

describe('disabling a webhook whose endpoint answered 410 Gone', () => {
  test('records why it was disabled', () => {
    spec.given([registered(['pass.created'])]).when(disable).then([disabled]);
  });

  test('disabling a disabled or deleted webhook records nothing', () => {
    spec.given([registered(['pass.created']), disabled]).when(disable).then([]);
    spec.given([registered(['pass.created']), deleted]).when(disable).then([]);
  });
});

describe('the webhook as its events make it', () => {
  test('is active once registered, disabled after WebhookDisabled, gone after WebhookDeleted', () => {
    expect(replay(webhookDecider, [registered(['pass.created'])])).toMatchObject({ status: 'active', disabledAt: null });
    expect(replay(webhookDecider, [registered(['pass.created']), disabled])).toMatchObject({
      status: 'disabled',
      disabledAt: LATER.toISOString(),
      disabledReason: 'endpoint_gone',
    });
    expect(replay(webhookDecider, [registered(['pass.created']), deleted])).toBeNull();
  });
});
