/** The issue form sends only what was filled in, and refuses what the API would refuse, on the same field. */
import { describe, expect, it } from '@jest/globals';
import { checkIssuePass, checkIssuePassForm, EMPTY_ISSUE_FORM, NO_HOLDER_MESSAGE, type IssuePassForm } from './issue-pass-form';

const check = (change: Partial<IssuePassForm>) => checkIssuePass({ ...EMPTY_ISSUE_FORM, template_id: 'tpl-1', ...change }, 'GBP');

describe('the issue form', () => {
  it('leaves blank fields out and trims names and emails', () => {
    expect(check({ customer_name: '  Ada  ', customer_email: ' ada@example.com ' })).toEqual({ ok: true, body: { template_id: 'tpl-1', customer_name: 'Ada', customer_email: 'ada@example.com' } });
  });

  it('reads numbers as typed and refuses what is not one', () => {
    expect(check({ points: '10', initial_balance: '2.5' })).toEqual({ ok: true, body: { template_id: 'tpl-1', points: 10, initial_balance: 2.5 } });
    expect(check({ points: '1e3', initial_balance: 'ten' })).toEqual({ ok: false, errors: { points: 'must be an integer', initial_balance: 'Type the amount in British pounds, such as 5 or 1.20' } });
    expect(check({ initial_balance: '£12,50' })).toEqual({ ok: true, body: { template_id: 'tpl-1', initial_balance: 12.5 } });
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

describe('the single-issue form', () => {
  const checkForm = (change: Partial<IssuePassForm>) => checkIssuePassForm({ ...EMPTY_ISSUE_FORM, template_id: 'tpl-1', ...change }, 'GBP');

  it('refuses a pass for no one beside the customer name, blank or only spaces, whatever else is filled in', () => {
    expect(checkForm({})).toEqual({ ok: false, errors: { customer_name: NO_HOLDER_MESSAGE } });
    expect(checkForm({ customer_name: '   ', customer_email: ' ', points: '10' })).toEqual({ ok: false, errors: { customer_name: NO_HOLDER_MESSAGE } });
    expect(checkForm({ points: 'ten' })).toEqual({ ok: false, errors: { customer_name: NO_HOLDER_MESSAGE, points: 'must be an integer' } });
  });

  it.each([
    ['a name', { customer_name: 'Ada' }, { customer_name: 'Ada' }],
    ['an email', { customer_email: 'ada@example.com' }, { customer_email: 'ada@example.com' }],
    ['an external id', { external_id: 'crm-1' }, { external_id: 'crm-1' }],
  ])('issues a pass with only %s', (_case, change, sent) => {
    expect(checkForm(change)).toEqual({ ok: true, body: { template_id: 'tpl-1', ...sent } });
  });

  it('still gives the API’s own errors for a holder field that is filled in wrong', () => {
    expect(checkForm({ customer_email: 'not-an-email' })).toEqual({ ok: false, errors: { customer_email: expect.stringContaining('must be a valid email address') } });
  });
});
