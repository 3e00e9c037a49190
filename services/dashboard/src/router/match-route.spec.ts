/** Screens are found by their address; the parts of it come back decoded. */
import { describe, expect, it } from '@jest/globals';
import { matchRoute } from './match-route';

describe('matching a route', () => {
  it('matches literal segments and captures parameters, decoded', () => {
    expect(matchRoute('/', '/')).toEqual({});
    expect(matchRoute('/passes', '/passes/')).toEqual({});
    expect(matchRoute('/passes/:identifier', '/passes/ada%40example.com')).toEqual({ identifier: 'ada@example.com' });
  });

  it('refuses other lengths, other literals and undecodable parameters', () => {
    expect(matchRoute('/passes/:identifier', '/passes')).toBeNull();
    expect(matchRoute('/passes/new', '/passes/old')).toBeNull();
    expect(matchRoute('/passes/:identifier', '/passes/%E0%A4%A')).toBeNull();
  });
});
