import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { requireName } from '../shared/require-name';
import type { TemplateCommand, TemplateEvent, TemplateState } from './template';

export function decideTemplate(command: TemplateCommand, state: TemplateState): TemplateEvent[] {
  if (state !== null) throw new DomainError('conflict', `Template ${state.id} already exists.`, { template_id: state.id });
  return [
    {
      type: 'TemplateCreated',
      data: {
        template_id: command.templateId,
        business_id: command.businessId,
        name: requireName(command.name),
        occurred_at: command.now.toISOString(),
      },
    },
  ];
}

export function evolveTemplate(_state: TemplateState, event: TemplateEvent): TemplateState {
  return {
    id: event.data.template_id,
    businessId: event.data.business_id,
    name: event.data.name,
    createdAt: event.data.occurred_at,
  };
}

export const templateDecider: Decider<TemplateCommand, TemplateEvent, TemplateState> = {
  decide: decideTemplate,
  evolve: evolveTemplate,
  initialState: () => null,
};
