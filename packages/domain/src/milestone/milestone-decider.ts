/** What milestone commands record, or why they are refused; how the records make a milestone. */
import { requireWithinLimit } from '../plan/plan';
import { changedFields } from '../shared/changed-fields';
import { assertNever, type Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { Milestone, MilestoneCommand, MilestoneEvent, MilestoneState, MilestoneTermsData } from './milestone';
import { draftTerms, updateTerms } from './milestone-terms';

function decideMilestone(command: MilestoneCommand, state: MilestoneState): MilestoneEvent[] {
  const occurred_at = command.now.toISOString();
  if (command.type === 'CreateMilestone') {
    if (state !== null) throw new DomainError('conflict', `Milestone ${state.id} already exists.`, { milestone_id: state.id });
    const { milestoneId, businessId, mode, templateId, draft, allowance } = command;
    // An archived milestone frees its place: only active ones count.
    requireWithinLimit(allowance.plan, 'reward_milestones', allowance.active);
    return [
      {
        type: 'MilestoneCreated',
        data: { milestone_id: milestoneId, business_id: businessId, mode, template_id: templateId, metric: draft.metric, ...draftTerms(draft), occurred_at },
      },
    ];
  }
  if (state === null) throw new DomainError('not_found', 'Milestone not found.');
  switch (command.type) {
    case 'UpdateMilestone': {
      if (state.status === 'archived') throw new DomainError('invalid_state', 'Cannot update a milestone that is archived.', { status: state.status });
      const changes = changedFields(termsData(state), updateTerms(command.update));
      // An update that changes nothing is no fact.
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'MilestoneUpdated', data: { changes, occurred_at } }];
    }
    case 'ArchiveMilestone':
      // Archiving twice asks for what already holds, as a repeated DELETE does.
      return state.status === 'archived' ? [] : [{ type: 'MilestoneArchived', data: { occurred_at } }];
    default:
      return assertNever(command);
  }
}

function evolveMilestone(state: MilestoneState, event: MilestoneEvent): MilestoneState {
  switch (event.type) {
    case 'MilestoneCreated': {
      const { data } = event;
      return {
        id: data.milestone_id,
        businessId: data.business_id,
        mode: data.mode,
        templateId: data.template_id,
        metric: data.metric,
        ...termsOf(data),
        status: 'active',
        createdAt: data.occurred_at,
        updatedAt: data.occurred_at,
      };
    }
    case 'MilestoneUpdated':
      if (state === null) return null;
      return { ...state, ...termsOf({ ...termsData(state), ...event.data.changes }), updatedAt: event.data.occurred_at };
    case 'MilestoneArchived':
      if (state === null) return null;
      return { ...state, status: 'archived', updatedAt: event.data.occurred_at };
    default:
      return assertNever(event);
  }
}

type Terms = Pick<Milestone, 'name' | 'threshold' | 'reward' | 'rewardExpiresAfterDays'>;

function termsOf(data: MilestoneTermsData): Terms {
  return { name: data.name, threshold: data.threshold, reward: data.reward, rewardExpiresAfterDays: data.reward_expires_after_days };
}

function termsData(terms: Terms): MilestoneTermsData {
  return { name: terms.name, threshold: terms.threshold, reward: terms.reward, reward_expires_after_days: terms.rewardExpiresAfterDays };
}

export const milestoneDecider: Decider<MilestoneCommand, MilestoneEvent, MilestoneState> = {
  decide: decideMilestone,
  evolve: evolveMilestone,
  initialState: () => null,
};
