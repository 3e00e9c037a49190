/** The issue form sends only what was filled in, and refuses what the API would refuse, on the same field. */
import { describe, expect, it } from '@jest/globals';
import { checkIssuePass, EMPTY_ISSUE_FORM, type IssuePassForm } from './issue-pass-form';

const check = (change: Partial<IssuePassForm>) => checkIssuePass({ ...EMPTY_ISSUE_FORM, template_id: 'tpl-1', ...change });

describe('the issue form', () => {
  it('leaves blank fields out and trims names and emails', () => {
    expect(check({ customer_name: '  Ada  ', customer_email: ' ada@example.com ' })).toEqual({ ok: true, body: { template_id: 'tpl-1', customer_name: 'Ada', customer_email: 'ada@example.com' } });
  });

  it('reads numbers as typed and refuses what is not one', () => {
    expect(check({ points: '10', initial_balance: '2.5' })).toEqual({ ok: true, body: { template_id: 'tpl-1', points: 10, initial_balance: 2.5 } });
    expect(check({ points: '1e3', initial_balance: 'ten' })).toEqual({ ok: false, errors: { points: 'must be an integer', initial_balance: 'must be a number' } });
    expect(check({ points: '-5' })).toEqual({ ok: false, errors: { points: 'must not be negative' } });
  });

  it('keeps an external id exactly as typed, so surrounding spaces are refused as the API refuses them', () => {
    expect(check({ external_id: ' crm-1 ' })).toEqual({ ok: false, errors: { external_id: 'must not have leading or trailing spaces' } });
  });

  it('sends metadata rows as an object and refuses rows without a name or with a repeated one', () => {
    expect(check({ metadata: [{ key: 'tier', value: 'gold' }, { key: '', value: '' }] })).toEqual({ ok: true, body: { template_id: 'tpl-1', metadata: { tier: 'gold' } } });
    expect(check({ metadata: [{ key: '', value: 'gold' }] })).toEqual({ ok: false, errors: { metadata: 'every value needs a name' } });
    expect(check({ metadata: [{ key: 'a', value: '1' }, { key: 'a', value: '2' }] })).toEqual({ ok: false, errors: { metadata: 'each name may appear once' } });
  });
});
