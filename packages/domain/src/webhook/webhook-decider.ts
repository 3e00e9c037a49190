import { assertNever, type Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { invalidField } from '../shared/invalid-field';
import { WEBHOOK_EVENT_NAMES, type WebhookCommand, type WebhookEvent, type WebhookState } from './webhook';

function decideWebhook(command: WebhookCommand, state: WebhookState): WebhookEvent[] {
  const occurred_at = command.now.toISOString();
  switch (command.type) {
    case 'RegisterWebhook': {
      if (state !== null) throw new DomainError('conflict', `Webhook ${state.id} already exists.`, { webhook_id: state.id });
      if (command.events.length === 0) throw invalidField('events', 'must name at least one event');
      // Kept in the table's order without repeats, so two equal subscriptions are recorded alike.
      const events = WEBHOOK_EVENT_NAMES.filter((name) => command.events.includes(name));
      return [
        {
          type: 'WebhookRegistered',
          data: {
            webhook_id: command.webhookId,
            business_id: command.businessId,
            url: command.url,
            events,
            description: command.description,
            secret_ciphertext: command.secretCiphertext,
            occurred_at,
          },
        },
      ];
    }
    case 'DeleteWebhook':
      if (state === null) throw new DomainError('not_found', 'Webhook not found.');
      return [{ type: 'WebhookDeleted', data: { occurred_at } }];
    case 'DisableWebhook':
      // Deleted or already disabled meanwhile: there is nothing left to stop.
      if (state === null || state.status === 'disabled') return [];
      return [{ type: 'WebhookDisabled', data: { reason: command.reason, status_code: command.statusCode, occurred_at } }];
    default:
      return assertNever(command);
  }
}

function evolveWebhook(state: WebhookState, event: WebhookEvent): WebhookState {
  switch (event.type) {
    case 'WebhookRegistered':
      return {
        id: event.data.webhook_id,
        businessId: event.data.business_id,
        url: event.data.url,
        events: event.data.events,
        description: event.data.description,
        secretCiphertext: event.data.secret_ciphertext,
        status: 'active',
        createdAt: event.data.occurred_at,
        disabledAt: null,
        disabledReason: null,
      };
    case 'WebhookDeleted':
      return null;
    case 'WebhookDisabled':
      return state === null ? null : { ...state, status: 'disabled', disabledAt: event.data.occurred_at, disabledReason: event.data.reason };
    default:
      return assertNever(event);
  }
}

export const webhookDecider: Decider<WebhookCommand, WebhookEvent, WebhookState> = {
  decide: decideWebhook,
  evolve: evolveWebhook,
  initialState: () => null,
};
