import { assertNever, type Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { ApiKeyCommand, ApiKeyEvent, ApiKeyState } from './api-key';

export function decideApiKey(command: ApiKeyCommand, state: ApiKeyState): ApiKeyEvent[] {
  const occurred_at = command.now.toISOString();
  switch (command.type) {
    case 'CreateApiKey':
      if (state !== null) throw new DomainError('conflict', `API key ${state.id} already exists.`, { key_id: state.id });
      return [
        {
          type: 'ApiKeyCreated',
          data: {
            key_id: command.keyId,
            business_id: command.businessId,
            name: command.name,
            mode: command.mode,
            key_hash: command.keyHash,
            prefix: command.prefix,
            occurred_at,
          },
        },
      ];
    case 'RevokeApiKey':
      if (state === null) throw new DomainError('not_found', 'API key not found.');
      // Revoking twice asks for what is already true; the first revocation time stays the recorded one.
      if (state.revokedAt !== null) return [];
      return [{ type: 'ApiKeyRevoked', data: { occurred_at } }];
    default:
      return assertNever(command);
  }
}

export function evolveApiKey(state: ApiKeyState, event: ApiKeyEvent): ApiKeyState {
  switch (event.type) {
    case 'ApiKeyCreated':
      return {
        id: event.data.key_id,
        businessId: event.data.business_id,
        name: event.data.name,
        mode: event.data.mode,
        keyHash: event.data.key_hash,
        prefix: event.data.prefix,
        createdAt: event.data.occurred_at,
        revokedAt: null,
      };
    case 'ApiKeyRevoked':
      return state === null ? null : { ...state, revokedAt: event.data.occurred_at };
    default:
      return assertNever(event);
  }
}

export const apiKeyDecider: Decider<ApiKeyCommand, ApiKeyEvent, ApiKeyState> = {
  decide: decideApiKey,
  evolve: evolveApiKey,
  initialState: () => null,
};
