/** The webhook form checks the URL's shape at once, on `url`, before the API's address policy sees it. */
import { describe, expect, it } from '@jest/globals';
import { checkWebhook, type WebhookForm } from './webhook-form';

const check = (url: string) => {
  const form: WebhookForm = { url, events: ['pass.created'], description: '' };
  const checked = checkWebhook(form);
  return checked.ok ? checked.body : checked.errors;
};

describe('the webhook form', () => {
  it('sends the trimmed address, the events and a blank description as null', () => {
    expect(check(' https://example.com/hooks ')).toEqual({ url: 'https://example.com/hooks', events: ['pass.created'], description: null });
  });

  it('refuses an address that is missing, relative, of another scheme or carrying credentials', () => {
    expect(check('')).toEqual({ url: 'enter the address that receives the notifications' });
    expect(check('/hooks')).toEqual({ url: 'must be an absolute URL' });
    expect(check('ftp://example.com/hooks')).toEqual({ url: 'must be an http or https URL' });
    expect(check('https://user:secret@example.com/hooks')).toEqual({ url: 'must not contain credentials' });
  });
});
