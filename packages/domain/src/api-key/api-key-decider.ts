import { assertNever, type Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { API_KEY_SCOPES, type ApiKeyCommand, type ApiKeyEvent, type ApiKeyScope, type ApiKeyState } from './api-key';

function decideApiKey(command: ApiKeyCommand, state: ApiKeyState): ApiKeyEvent[] {
  const occurred_at = command.now.toISOString();
  switch (command.type) {
    case 'CreateApiKey': {
      if (state !== null) throw new DomainError('conflict', `API key ${state.id} already exists.`, { key_id: state.id });
      const scopes = requireScopes(command.scopes);
      return [
        {
          type: 'ApiKeyCreated',
          data: {
            key_id: command.keyId,
            business_id: command.businessId,
            name: command.name,
            mode: command.mode,
            scopes,
            key_hash: command.keyHash,
            prefix: command.prefix,
            occurred_at,
          },
        },
      ];
    }
    case 'RevokeApiKey':
      if (state === null) throw new DomainError('not_found', 'API key not found.');
      // Revoking twice asks for what is already true; the first revocation time stays the recorded one.
      if (state.revokedAt !== null) return [];
      return [{ type: 'ApiKeyRevoked', data: { occurred_at } }];
    default:
      return assertNever(command);
  }
}

function evolveApiKey(state: ApiKeyState, event: ApiKeyEvent): ApiKeyState {
  switch (event.type) {
    case 'ApiKeyCreated':
      return {
        id: event.data.key_id,
        businessId: event.data.business_id,
        name: event.data.name,
        mode: event.data.mode,
        scopes: event.data.scopes,
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

/** Recorded in one canonical order, without repeats, so equal permissions always look equal. */
function requireScopes(scopes: readonly ApiKeyScope[]): ApiKeyScope[] {
  const recorded = API_KEY_SCOPES.filter((scope) => scopes.includes(scope));
  if (recorded.length === 0) {
    throw new DomainError('validation_error', 'An API key needs at least one scope.', {
      issues: [{ path: 'scopes', message: `must hold at least one of ${API_KEY_SCOPES.join(', ')}` }],
    });
  }
  return recorded;
}
