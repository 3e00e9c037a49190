/** The customer's page at the server root: `GET /customer?token=…`, the address magic links point to. */
import type { Application } from '@passes/application';
import { Router } from 'express';
import { linkTokenOf } from '../http/link-token';
import { sendCustomerPassesPage } from '../pages/customer-passes-page';

export function customerPageRoutes(application: Application, appUrl: () => string): Router {
  const router = Router();
  router.get('/', async (request, response) => {
    sendCustomerPassesPage(response, await application.customerPasses.forToken(linkTokenOf(request)), appUrl());
  });
  return router;
}
