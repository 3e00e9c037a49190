/**
 * The unsubscribe link of automation emails (`/automation-emails/{pass_id}/{token}`): GET shows the choice
 * and changes nothing; POST stops the emails (the page's form, or a mail client's one-click POST of RFC
 * 8058, whatever its body); POST `…/resume` turns them back on (from the customer's page, or after
 * stopping). A wrong token and an unknown pass are the same 404 page.
 */
import type { Application } from '@passes/application';
import { Router, type Request } from 'express';
import { correlationIdOf } from '../http/correlation-id';
import { automationEmailsPage, unknownUnsubscribeLinkPage } from '../pages/automation-emails-page';
import { sendPage } from '../pages/page-document';

const LINK = '/:passId/:token';

export function automationEmailRoutes(application: Application): Router {
  const router = Router();
  const choices = application.automationEmails;
  const linked = (request: Request) => choices.byLink(String(request.params['passId']), String(request.params['token']));

  router.get(LINK, async (request, response) => {
    const found = await linked(request);
    sendPage(response, found === null ? unknownUnsubscribeLinkPage() : automationEmailsPage(found, choices.links.urlFor(found.pass.id), 'asking'));
  });

  for (const [path, outcome] of [
    [LINK, 'stopped'],
    [`${LINK}/resume`, 'resumed'],
  ] as const) {
    router.post(path, async (request, response) => {
      const found = await linked(request);
      if (found === null) return void sendPage(response, unknownUnsubscribeLinkPage());
      const context = { actor: 'customer', correlationId: correlationIdOf(response) };
      const pass = outcome === 'stopped' ? await choices.stop(found.pass, context) : await choices.resume(found.pass, context);
      sendPage(response, automationEmailsPage({ ...found, pass }, choices.links.urlFor(pass.id), outcome));
    });
  }
  return router;
}
