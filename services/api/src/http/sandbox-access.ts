/**
 * What a sandbox key (`pb_test_`) may reach besides its sandbox passes (docs/decisions.md, Sandbox keys):
 * templates, which live passes share, only to read (a sandbox pass needs a template_id); webhooks and
 * their deliveries, which carry live events, not at all. Runs after `authenticate`.
 */
import { modeOf } from '@passes/application';
import type { RequestHandler } from 'express';
import { ApiError } from './api-error';
import { isReadMethod, principalOf } from './authentication';

const isSandboxKey = (response: Parameters<RequestHandler>[1]) => modeOf(principalOf(response)) === 'test';

export function sandboxKeysReadOnly(what: string): RequestHandler {
  return (request, response, next) => {
    if (isSandboxKey(response) && !isReadMethod(request.method)) {
      throw new ApiError('forbidden', `A sandbox key (pb_test_) may read ${what} but not change them: live passes use them too`);
    }
    next();
  };
}

export function liveCredentialsOnly(what: string): RequestHandler {
  return (_request, response, next) => {
    if (isSandboxKey(response)) throw new ApiError('forbidden', `A sandbox key (pb_test_) has no access to ${what}: they carry live events`);
    next();
  };
}
