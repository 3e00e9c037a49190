/**
 * Apple's "Wallet Passes Web Service" protocol, mounted at `{app_url}/wallet/apple` when Apple Wallet is
 * configured: wallets register and unregister devices, ask which passes changed, fetch the current
 * .pkpass and send their logs. Limited per client IP like the other public routes.
 */
import { MAX_WALLET_LOG_ENTRIES, MAX_WALLET_LOG_ENTRY_LENGTH, pushTokenBody, walletLogBody } from '@passes/contracts';
import type { Clock } from '@passes/application';
import type { Logger } from '@passes/runtime';
import { PKPASS_MEDIA_TYPE, type PasskitWebService, type PassRequest, type Refusal } from '@passes/wallets';
import { Router, type Request } from 'express';
import { ApiError } from '../http/api-error';
import { correlationIdOf } from '../http/correlation-id';
import { jsonBody } from '../http/json-body';
import { parseBody } from '../http/parse-body';
import { routeGroup } from '../http/route-group';

const param = (request: Request, name: string) => String(request.params[name]);

function passRequest(request: Request): PassRequest {
  return { passTypeIdentifier: param(request, 'passTypeIdentifier'), serialNumber: param(request, 'serialNumber'), authorization: request.get('authorization') };
}

/** The same words for a missing token, a wrong one and an unknown serial number: nothing to learn from them. */
function refuse(refusal: Refusal): never {
  if (refusal === 'unauthorized') throw new ApiError('unauthorized', 'Authorization: ApplePass <authenticationToken> of this pass is required');
  throw new ApiError('not_found', 'No such pass');
}

export function appleWebServiceRoutes(service: PasskitWebService, clock: Clock, logger: Logger): Router {
  const router = Router();
  router.use(jsonBody({ limitBytes: 16 * 1024 }));
  const routes = routeGroup(router);
  const registration = '/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber';

  routes.post(registration, async (request, response) => {
    const { pushToken } = parseBody(pushTokenBody, request);
    const result = await service.register(passRequest(request), param(request, 'deviceLibraryIdentifier'), pushToken, correlationIdOf(response));
    if (result === 'unauthorized' || result === 'not_found') refuse(result);
    response.status(result === 'created' ? 201 : 200).end();
  });

  routes.delete(registration, async (request, response) => {
    const result = await service.unregister(passRequest(request), param(request, 'deviceLibraryIdentifier'), correlationIdOf(response));
    if (result !== 'unregistered') refuse(result);
    response.status(200).end();
  });

  routes.get('/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier', async (request, response) => {
    const since = request.query['passesUpdatedSince'];
    const updated = await service.updatedSince(param(request, 'deviceLibraryIdentifier'), param(request, 'passTypeIdentifier'), typeof since === 'string' ? since : undefined);
    response.set('Cache-Control', 'no-store');
    if (updated === null) response.status(204).end();
    else response.json(updated);
  });

  routes.get('/v1/passes/:passTypeIdentifier/:serialNumber', async (request, response) => {
    const now = clock.now();
    const result = await service.latest(passRequest(request), request.get('if-modified-since'), now);
    if (result === 'unauthorized' || result === 'not_found') refuse(result);
    response.set('Cache-Control', 'no-store');
    if (result === 'not_modified') {
      response.status(304).end();
      return;
    }
    response.status(200).set({ 'Content-Type': PKPASS_MEDIA_TYPE, 'Last-Modified': result.lastModified.toUTCString() }).send(result.pkpass);
  });

  routes.post('/v1/log', (request, response) => {
    const { logs } = parseBody(walletLogBody, request);
    // What devices report about our web service; bounded, since anyone may send it.
    const entries = logs.slice(0, MAX_WALLET_LOG_ENTRIES).map((entry) => entry.slice(0, MAX_WALLET_LOG_ENTRY_LENGTH));
    logger.warn('apple wallet log', { request_id: correlationIdOf(response), entries, dropped: logs.length - entries.length });
    response.status(200).end();
  });

  return router;
}
