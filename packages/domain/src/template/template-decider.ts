import { changedFields } from '../shared/changed-fields';
import { assertNever, type Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { TemplateCommand, TemplateEvent, TemplateState } from './template';
import { IMAGE_HASH_PATTERN, NO_TEMPLATE_IMAGES } from './template-images';
import { applyTemplateUpdate, defaultTemplateSettings } from './template-settings';
import { settingsOf, templateSettingsData, templateSettingsFrom } from './template-settings-data';

function decideTemplate(command: TemplateCommand, state: TemplateState): TemplateEvent[] {
  const occurred_at = command.now.toISOString();
  switch (command.type) {
    case 'CreateTemplate': {
      if (state !== null) throw new DomainError('conflict', `Template ${state.id} already exists.`, { template_id: state.id });
      const settings = applyTemplateUpdate(defaultTemplateSettings(command.draft.name), command.draft, command.joinCode);
      return [
        {
          type: 'TemplateCreated',
          data: { template_id: command.templateId, business_id: command.businessId, ...templateSettingsData(settings), occurred_at },
        },
      ];
    }
    case 'UpdateTemplate': {
      if (state === null) throw new DomainError('not_found', 'Template not found.');
      const changes = changedFields(templateSettingsData(state), templateSettingsData(applyTemplateUpdate(state, command.update, command.joinCode)));
      // An update that changes nothing is no fact.
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'TemplateUpdated', data: { changes, occurred_at } }];
    }
    case 'ChangeTemplateImage': {
      if (state === null) throw new DomainError('not_found', 'Template not found.');
      if (command.hash !== null && !IMAGE_HASH_PATTERN.test(command.hash)) throw new DomainError('validation_error', 'An image is named by the SHA-256 of its content.');
      // The same image again, or removing none, is no fact.
      if (state.images[command.slot] === command.hash) return [];
      return [{ type: 'TemplateImageChanged', data: { slot: command.slot, hash: command.hash, occurred_at } }];
    }
    default:
      return assertNever(command);
  }
}

function evolveTemplate(state: TemplateState, event: TemplateEvent): TemplateState {
  switch (event.type) {
    case 'TemplateCreated':
      return {
        id: event.data.template_id,
        businessId: event.data.business_id,
        ...settingsOf(event.data),
        images: NO_TEMPLATE_IMAGES,
        createdAt: event.data.occurred_at,
        updatedAt: event.data.occurred_at,
      };
    case 'TemplateUpdated':
      if (state === null) return null;
      return { ...state, ...templateSettingsFrom(event.data.changes, state), updatedAt: event.data.occurred_at };
    case 'TemplateImageChanged':
      if (state === null) return null;
      return { ...state, images: { ...state.images, [event.data.slot]: event.data.hash }, updatedAt: event.data.occurred_at };
    default:
      return assertNever(event);
  }
}

export const templateDecider: Decider<TemplateCommand, TemplateEvent, TemplateState> = {
  decide: decideTemplate,
  evolve: evolveTemplate,
  initialState: () => null,
};
