import { describe, expect, test } from '@jest/globals';
import { roleNeeded } from './role-guard';
import { ROUTE_ROLES } from './route-roles';

const ACTION = '/api/v1/businesses/:business_id/passes/:identifier/:action';

describe('the role a route needs', () => {
  test('a route the table does not name is for owners only, whatever its method', () => {
    expect(roleNeeded(ROUTE_ROLES, 'GET', '/api/v1/businesses/:business_id/users', {})).toBe('owner');
    expect(roleNeeded(ROUTE_ROLES, 'POST', '/api/v1/businesses/:business_id/webhooks', {})).toBe('owner');
  });

  test('the same path with another method is a route of its own', () => {
    expect(roleNeeded(ROUTE_ROLES, 'GET', '/api/v1/businesses/:business_id/templates', {})).toBe('staff');
    expect(roleNeeded(ROUTE_ROLES, 'POST', '/api/v1/businesses/:business_id/templates', {})).toBe('manager');
  });

  test("an action's role follows its name; a name the table does not know is for owners", () => {
    expect(roleNeeded(ROUTE_ROLES, 'POST', ACTION, { action: 'stamp' })).toBe('staff');
    expect(roleNeeded(ROUTE_ROLES, 'POST', ACTION, { action: 'reactivate' })).toBe('manager');
    expect(roleNeeded(ROUTE_ROLES, 'POST', ACTION, { action: 'refund' })).toBe('owner');
    expect(roleNeeded(ROUTE_ROLES, 'POST', ACTION, { action: 'constructor' })).toBe('owner');
    expect(roleNeeded(ROUTE_ROLES, 'POST', ACTION, { action: '__proto__' })).toBe('owner');
  });
});
