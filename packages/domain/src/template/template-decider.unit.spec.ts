import { describe, expect, test } from '@jest/globals';
import { replay } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import type { TemplateCommand, TemplateEvent } from './template';
import { templateDecider } from './template-decider';

const spec = deciderSpec(templateDecider);
const NOW = new Date('2026-11-21T10:00:00.000Z');
const create = (name: string): TemplateCommand => ({ type: 'CreateTemplate', templateId: 'template-1', businessId: 'business-1', name, now: NOW });
const created: TemplateEvent = {
  type: 'TemplateCreated',
  data: { template_id: 'template-1', business_id: 'business-1', name: 'Coffee card', occurred_at: NOW.toISOString() },
};

describe('creating a template', () => {
  test('records the template', () => {
    spec.given([]).when(create('Coffee card')).then([created]);
  });

  test('records the name without surrounding whitespace', () => {
    spec.given([]).when(create('  Coffee card  ')).then([created]);
  });

  test('creating a template that exists is a conflict', () => {
    spec.given([created]).when(create('Coffee card')).thenThrows('conflict');
  });

  test('an empty name is a validation_error', () => {
    spec.given([]).when(create('')).thenThrows('validation_error');
  });

  test('a name longer than 200 characters is a validation_error', () => {
    spec.given([]).when(create('x'.repeat(201))).thenThrows('validation_error');
  });

  test('TemplateCreated makes the template', () => {
    expect(replay(templateDecider, [created])).toEqual({ id: 'template-1', businessId: 'business-1', name: 'Coffee card', createdAt: NOW.toISOString() });
  });
});
