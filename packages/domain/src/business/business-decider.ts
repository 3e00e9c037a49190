import { assertNever, type Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { requireName } from '../shared/require-name';
import type { BusinessCommand, BusinessEvent, BusinessState } from './business';

function decideBusiness(command: BusinessCommand, state: BusinessState): BusinessEvent[] {
  const occurred_at = command.now.toISOString();
  switch (command.type) {
    case 'RegisterBusiness': {
      if (state !== null) throw new DomainError('conflict', `Business ${state.id} already exists.`, { business_id: state.id });
      const name = requireName(command.name);
      // Every business starts on Free; Pro is a later, recorded change.
      return [
        {
          type: 'BusinessRegistered',
          data: { business_id: command.businessId, name, owner_user_id: command.ownerUserId, plan: 'free', occurred_at },
        },
      ];
    }
    case 'ChangePlan':
      if (state === null) throw new DomainError('not_found', 'Business not found.');
      if (state.plan === command.plan) return [];
      return [{ type: 'BusinessPlanChanged', data: { plan: command.plan, previous_plan: state.plan, occurred_at } }];
    default:
      return assertNever(command);
  }
}

function evolveBusiness(state: BusinessState, event: BusinessEvent): BusinessState {
  switch (event.type) {
    case 'BusinessRegistered':
      return {
        id: event.data.business_id,
        name: event.data.name,
        ownerUserId: event.data.owner_user_id,
        plan: event.data.plan,
        createdAt: event.data.occurred_at,
      };
    case 'BusinessPlanChanged':
      return state === null ? null : { ...state, plan: event.data.plan };
    default:
      return assertNever(event);
  }
}

export const businessDecider: Decider<BusinessCommand, BusinessEvent, BusinessState> = {
  decide: decideBusiness,
  evolve: evolveBusiness,
  initialState: () => null,
};
