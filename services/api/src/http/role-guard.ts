/**
 * Roles on every authenticated route, from one table (route-roles.ts): the guard finds the route the
 * request matched and refuses a caller whose role ranks below what the route asks (403 forbidden).
 */
import { roleOf } from '@passes/application';
import { roleAllows, type UserRole } from '@passes/domain';
import type { Request, RequestHandler } from 'express';
import { ApiError } from './api-error';
import { principalOf } from './authentication';
import { ROUTE_ROLES, type RoleRule } from './route-roles';

/** A route's rule by its method and the pattern it was registered with; undefined where the table is silent. */
type RuleOfRoute = (method: string, routePath: string) => RoleRule | undefined;

/**
 * The rules of `rules` by route, each found once per pattern and method: a route's path is the string it was
 * registered with, whose hash that string keeps, where the joined `METHOD path` would be a new string to hash
 * on every request. Patterns and the methods their routes answer are those registered: a few hundred at most.
 */
export function rulesByRoute(rules: Readonly<Record<string, RoleRule>>): RuleOfRoute {
  const byPath = new Map<string, Map<string, RoleRule | undefined>>();
  return (method, routePath) => {
    const byMethod = byPath.get(routePath) ?? new Map<string, RoleRule | undefined>();
    if (byMethod.has(method)) return byMethod.get(method);
    const route = `${method} ${routePath}`;
    // Own entries only: a path parameter such as `constructor` must not find what every object inherits.
    const rule = Object.hasOwn(rules, route) ? rules[route] : undefined;
    byMethod.set(method, rule);
    byPath.set(routePath, byMethod);
    return rule;
  };
}

/** The role a request needs: its route's rule, owner where the table is silent. */
export function roleNeeded(ruleOf: RuleOfRoute, method: string, routePath: string, params: Request['params']): UserRole {
  const rule = ruleOf(method, routePath);
  if (rule === undefined) return 'owner';
  if (typeof rule === 'string') return rule;
  const value = String(params[rule.param]);
  return (Object.hasOwn(rule.roles, value) ? rule.roles[value] : undefined) ?? 'owner';
}

/** Runs as a route's own guard, after authentication: `request.route` is the route being served. */
export function requireRole(): RequestHandler {
  const ruleOfRoute = rulesByRoute(ROUTE_ROLES);
  return (request, response, next) => {
    const role = roleOf(principalOf(response));
    const routePath: unknown = request.route?.path;
    const needed = roleNeeded(ruleOfRoute, request.method === 'HEAD' ? 'GET' : request.method, typeof routePath === 'string' ? routePath : '', request.params);
    if (!roleAllows(role, needed)) throw new ApiError('forbidden', `This action needs the ${needed} role; this user is ${role === 'staff' ? 'staff' : `a ${role}`}`);
    next();
  };
}
