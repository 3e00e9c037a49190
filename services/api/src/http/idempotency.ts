/**
 * Idempotency-Key on every POST and PATCH (DESIGN §5). The key is claimed before the route runs; the
 * response is stored before it is sent, so a retry gets either that same response (with
 * `Idempotent-Replayed: true`) or 409 while the first is still running. Keys belong to the credential.
 * An answer the store failed to record is replayed from this process's memory (UnsettledKeys).
 */
import { hash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { credentialOf, type Clock } from '@passes/application';
import type { IdempotencyStore, StoredResponse } from '@passes/request-guards';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from '@passes/runtime';
import { ApiError } from './api-error';
import { callerOf } from './authentication';
import { clientAddressOf } from './client-address';
import { correlationIdOf } from './correlation-id';
import { writeJson } from './json-answers';
import { hasUnreadableBody } from './json-body';
import { settleUnreflected } from './unreflected-writes';
import { UnsettledKeys } from './unsettled-keys';

const SANE_KEY = /^[\x21-\x7e]{1,255}$/;
/** A request runs for milliseconds: a second later its answer is usually there to replay. */
const IN_PROGRESS_RETRY_AFTER_SECONDS = '1';
const GUARDED_METHODS = new Set(['POST', 'PATCH']);
const bodyDigests = new WeakMap<IncomingMessage, string>();

/**
 * For `jsonBody({afterRead})`: remembers a digest of the exact body bytes the request carried, when it
 * names an Idempotency-Key (only those are fingerprinted: no other request needs the hash).
 */
export function recordBodyDigest(request: IncomingMessage, body: Buffer): void {
  if (request.headers['idempotency-key'] !== undefined) bodyDigests.set(request, sha256(body));
}

/**
 * Only an answer a retry should get again is stored: that of a request decided on what it says. Not stored
 * are those that say nothing ran or that the caller should try again (a missing credential, 401; a rate limit
 * or cooldown, 429; server errors), and a 409, a conflict with the state of other records (an external_id
 * another pass holds, a pass's status, a busy pass), which a retry under the same key should meet afresh
 * once that state has changed.
 */
function isStored(status: number): boolean {
  return status < 500 && status !== 401 && status !== 409 && status !== 429;
}

interface IdempotencyGuard {
  store: IdempotencyStore;
  clock: Clock;
  logger: Logger;
}

export function idempotency({ store, clock, logger }: IdempotencyGuard): RequestHandler {
  const unsettledKeys = new UnsettledKeys();
  return async (request: Request, response: Response, next: NextFunction) => {
    const key = request.header('idempotency-key');
    // A body that could not be read runs nothing, so its refusal is not kept (nor fingerprinted as empty).
    if (key === undefined || !GUARDED_METHODS.has(request.method) || hasUnreadableBody(request)) return next();
    if (!SANE_KEY.test(key)) {
      throw new ApiError('bad_request', 'Idempotency-Key must be 1 to 255 printable ASCII characters without spaces');
    }
    const caller = callerOf(response);
    const scope = caller ? credentialOf(caller) : `ip:${clientAddressOf(request)}`;
    const fingerprint = sha256(`${request.method}\n${request.originalUrl}\n${bodyDigests.get(request) ?? sha256('')}`);
    for (let attempt = 0; ; attempt += 1) {
      const claim = await store.claim({ scope, key, fingerprint, now: clock.now() });
      switch (claim.outcome) {
        case 'replay':
          return replay(response, claim.response);
        case 'mismatch':
          throw mismatch();
        case 'in_progress': {
          // This process may hold what the store failed to take for the key: an answer, or the claim given back.
          const unsettled = await unsettledKeys.retell(store, scope, key);
          if (unsettled?.response) {
            if (unsettled.fingerprint !== fingerprint) throw mismatch();
            return replay(response, unsettled.response);
          }
          // The claim is given back now: claimed again, once.
          if (unsettled?.settled && attempt === 0) continue;
          throw stillRunning();
        }
        case 'claimed': {
          const unsettle = (error: unknown, unsettled: StoredResponse | null) => {
            logger.error(unsettled === null ? 'idempotency release failed' : 'idempotency record failed', { request_id: correlationIdOf(response), error });
            unsettledKeys.remember(scope, key, { fingerprint, response: unsettled });
          };
          recordResponse(response, (status, body) =>
            isStored(status) ? store.complete(scope, key, { status, body }).catch((error: unknown) => unsettle(error, { status, body })) : store.release(scope, key).catch((error: unknown) => unsettle(error, null)),
          );
          // A response ended without a JSON body never reached recordResponse: let the key be used again.
          response.on('close', () => {
            if (!response.locals['idempotencyRecorded']) store.release(scope, key).catch((error: unknown) => unsettle(error, null));
          });
          return next();
        }
        default:
          return claim satisfies never;
      }
    }
  };
}

function replay(response: Response, stored: StoredResponse): void {
  response.status(stored.status).set('Idempotent-Replayed', 'true');
  writeJson(response, stored.body);
}

const mismatch = () => new ApiError('idempotency_mismatch', 'This Idempotency-Key was used with a different method, path or body');
const stillRunning = () =>
  new ApiError('conflict', 'A request with this Idempotency-Key is still being processed; retry shortly', undefined, { 'Retry-After': IN_PROGRESS_RETRY_AFTER_SECONDS });

/**
 * A secret is shown once (spec: Authentication): a route marks the top-level fields of its answer that
 * hold one, and a replay of that answer comes without them.
 */
export function markOneTimeSecrets(response: Response, ...fields: string[]): void {
  response.locals['oneTimeSecrets'] = fields;
}

/** The text a replay sends: the answer's own, unless it holds a one-time secret. */
function replayTextOf(response: Response, body: unknown, text: string): string {
  const fields = response.locals['oneTimeSecrets'] as string[] | undefined;
  if (!fields || typeof body !== 'object' || body === null) return text;
  return JSON.stringify(Object.fromEntries(Object.entries(body).filter(([field]) => !fields.includes(field))));
}

/** Routes answer with `response.json`; this records that answer before it goes out (`record` settles either way). */
function recordResponse(response: Response, record: (status: number, body: string) => Promise<void>): void {
  response.json = (body: unknown) => {
    const text = JSON.stringify(body);
    settleUnreflected(response);
    response.locals['idempotencyRecorded'] = true;
    void record(response.statusCode, replayTextOf(response, body, text)).then(() => writeJson(response, text));
    return response;
  };
}

function sha256(data: string | Buffer): string {
  return hash('sha256', data, 'hex');
}
