import { describe, expect, it } from '@jest/globals';
import { parseScannedCode, validationUrl } from './validation-url';

const CODE = 'PS-7K3M-9QXA-2D4F';

describe('the validation URL', () => {
  it('is {app_url}/validate/<code>, with ?sig= when signed', () => {
    expect(validationUrl('https://passes.example', CODE, null)).toBe(`https://passes.example/validate/${CODE}`);
    expect(validationUrl('https://passes.example', CODE, 'abc_-')).toBe(`https://passes.example/validate/${CODE}?sig=abc_-`);
  });

  it('reads back as the code and signature it was made from', () => {
    expect(parseScannedCode(validationUrl('https://passes.example/wallet', CODE, 'abc_-'))).toEqual({ code: CODE, signature: 'abc_-' });
  });
});

describe('reading what a scanner read', () => {
  it.each([
    ['an unsigned URL', `https://passes.example/validate/${CODE}`, { code: CODE, signature: null }],
    ['a URL of another host', `http://old-host:3000/validate/${CODE}?sig=xyz`, { code: CODE, signature: 'xyz' }],
    ['a URL without its host', `/validate/${CODE}?sig=xyz`, { code: CODE, signature: 'xyz' }],
    ['a bare code', CODE, { code: CODE, signature: null }],
    ['a bare code in spaces', `  ${CODE}\n`, { code: CODE, signature: null }],
    ['an empty signature', `https://passes.example/validate/${CODE}?sig=`, { code: CODE, signature: '' }],
    ['text that is no URL', 'MEMBER 1815', { code: 'MEMBER 1815', signature: null }],
    ['a malformed escape', 'https://passes.example/validate/%E0%A4%A', { code: 'https://passes.example/validate/%E0%A4%A', signature: null }],
  ])('%s', (_case, text, expected) => {
    expect(parseScannedCode(text)).toEqual(expected);
  });
});
