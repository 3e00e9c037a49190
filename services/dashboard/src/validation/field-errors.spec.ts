/** A field's error stays only while the field holds what was checked. */
import { describe, expect, it } from '@jest/globals';
import { stillStanding } from './field-errors';

describe('errors still standing', () => {
  const checked = { name: '', display_fields: { primary: [{ key: 'k', value: '' }] } };
  const errors = { name: 'must not be empty', 'display_fields.primary.0.value': 'must not be empty', '': 'the form as a whole' };

  it('keeps every error while the form is as it was checked', () => {
    expect(stillStanding(errors, checked, checked)).toEqual(errors);
  });

  it('drops the error of a field edited since, nested ones too, and keeps the others', () => {
    expect(stillStanding(errors, checked, { ...checked, name: 'Coffee card' })).toEqual({ 'display_fields.primary.0.value': 'must not be empty', '': 'the form as a whole' });
    expect(stillStanding(errors, checked, { ...checked, display_fields: { primary: [{ key: 'k', value: 'x' }] } })).toEqual({ name: 'must not be empty', '': 'the form as a whole' });
  });
});
