/** `GET /validate/:code?sig=…` at the server root: what a phone opens when it reads a pass's barcode. No authentication. */
import type { Application } from '@passes/application';
import { Router, type Request } from 'express';
import { sendPage } from '../pages/page-document';
import { validationPage } from '../pages/validation-page';

export function validationPageRoutes(application: Application): Router {
  const router = Router();

  router.get('/validate/:code', async (request, response) => {
    const validation = await application.scans.validate(String(request.params['code']), signatureOf(request));
    sendPage(response, validationPage(validation));
  });

  return router;
}

/** Absent means no signature; `sig` given twice is no valid signature at all. */
function signatureOf(request: Request): string | null {
  const sig = request.query['sig'];
  if (sig === undefined) return null;
  return typeof sig === 'string' ? sig : '';
}
