/** `POST /businesses/:business_id/scans`: a scanner at the counter reads a pass's barcode. Behind authentication. */
import type { Application } from '@passes/application';
import { scanBody, type ScanResponse } from '@passes/contracts';
import { commandContextOf, passScopeOf } from '../http/authentication';
import { parseBody } from '../http/parse-body';
import type { RouteGroup } from '../http/route-group';
import { scannedPass } from '../representations/pass-representation';

export function addScanRoutes(routes: RouteGroup, application: Application): void {
  routes.post('/', async (request, response) => {
    const body = parseBody(scanBody, request);
    const result = await application.scans.scan(passScopeOf(response), body, commandContextOf(response));
    response.json({
      valid: result.valid,
      reason: result.reason,
      pass: result.pass && scannedPass(result.pass),
      checked_in: result.checkedIn,
    } satisfies ScanResponse);
  });
}
