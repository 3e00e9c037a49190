import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { UserCommand, UserEvent, UserState } from './user';

function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  if (state !== null) throw new DomainError('conflict', `User ${state.id} already exists.`, { user_id: state.id });
  return [
    {
      type: 'UserRegistered',
      data: {
        user_id: command.userId,
        business_id: command.businessId,
        // Emails match case-insensitively (DESIGN §5), so only one spelling is ever recorded.
        email: command.email.toLowerCase(),
        password_hash: command.passwordHash,
        occurred_at: command.now.toISOString(),
      },
    },
  ];
}

function evolveUser(_state: UserState, event: UserEvent): UserState {
  return {
    id: event.data.user_id,
    businessId: event.data.business_id,
    email: event.data.email,
    passwordHash: event.data.password_hash,
    createdAt: event.data.occurred_at,
  };
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: () => null,
};
