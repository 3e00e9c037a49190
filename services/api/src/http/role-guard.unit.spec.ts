import { describe, expect, test } from '@jest/globals';
import { roleNeeded, rulesByRoute } from './role-guard';
import { ROUTE_ROLES } from './route-roles';

const RULES = rulesByRoute(ROUTE_ROLES);
const ACTION = '/api/v1/businesses/:business_id/passes/:identifier/:action';

describe('the role a route needs', () => {
  test('a route the table does not name is for owners only, whatever its method', () => {
    expect(roleNeeded(RULES, 'GET', '/api/v1/businesses/:business_id/users', {})).toBe('owner');
    expect(roleNeeded(RULES, 'POST', '/api/v1/businesses/:business_id/webhooks', {})).toBe('owner');
  });

  test('the same path with another method is a route of its own', () => {
    expect(roleNeeded(RULES, 'GET', '/api/v1/businesses/:business_id/templates', {})).toBe('staff');
    expect(roleNeeded(RULES, 'POST', '/api/v1/businesses/:business_id/templates', {})).toBe('manager');
  });

  test("an action's role follows its name; a name the table does not know is for owners", () => {
    expect(roleNeeded(RULES, 'POST', ACTION, { action: 'stamp' })).toBe('staff');
    expect(roleNeeded(RULES, 'POST', ACTION, { action: 'reactivate' })).toBe('manager');
    expect(roleNeeded(RULES, 'POST', ACTION, { action: 'refund' })).toBe('owner');
    expect(roleNeeded(RULES, 'POST', ACTION, { action: 'constructor' })).toBe('owner');
    expect(roleNeeded(RULES, 'POST', ACTION, { action: '__proto__' })).toBe('owner');
  });
});
