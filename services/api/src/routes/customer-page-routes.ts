/** The customer's page at the server root: `GET /customer?token=…`, the address magic links point to. */
import type { Application } from '@passes/application';
import type { Wallets } from '@passes/wallets';
import { Router } from 'express';
import { linkTokenOf } from '../http/link-token';
import { sendCustomerPassesPage } from '../pages/customer-passes-page';

export function customerPageRoutes(application: Application, wallets: Wallets): Router {
  const router = Router();
  router.get('/', async (request, response) => {
    await sendCustomerPassesPage(response, await application.customerPasses.forToken(linkTokenOf(request)), wallets, application.passBarcodes, application.passRewards, application.payments, application.automationEmails.links);
  });
  return router;
}
