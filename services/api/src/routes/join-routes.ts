/**
 * Self-enrolment's public endpoint (issue 38): `POST /public/join/{code}`. No credentials; limited per
 * client address and per email. A new email gets a pass (201), an email that has one of the template gets
 * nothing new (202); the link to the pass goes by email in both cases, after the answer.
 */
import type { Application, JoinInput, JoinOutcome } from '@passes/application';
import { joinBody, type JoinBody, type JoinedResponse, type JoinSentResponse } from '@passes/contracts';
import { invalidField, type Template } from '@passes/domain';
import type { Wallets } from '@passes/wallets';
import type { BackgroundWork } from '../background-work';
import { ApiError } from '../http/api-error';
import { clientAddressOf } from '../http/client-address';
import { correlationIdOf } from '../http/correlation-id';
import type { MailedRequestLimits } from '../http/mailed-request-limits';
import { parseBody } from '../http/parse-body';
import type { RouteGroup } from '../http/route-group';

export interface JoinDependencies {
  application: Application;
  limits: MailedRequestLimits;
  background: BackgroundWork;
  wallets: Wallets;
}

/** The join's input, refusing a field the template's join page does not ask for. */
export function joinInputOf(template: Template, body: JoinBody): JoinInput {
  for (const field of ['birthday', 'phone'] as const) {
    if (body[field] !== undefined && !template.enrolment.fields.includes(field)) throw invalidField(field, 'is not asked on this join page');
  }
  return { customerName: body.customer_name, customerEmail: body.customer_email, birthday: body.birthday ?? null, phone: body.phone ?? null };
}

/** Mails the link to the pass the join issued or found, off the request path. */
export function mailJoinLink({ application, background, wallets }: JoinDependencies, template: Template, outcome: JoinOutcome, correlationId: string): void {
  if (outcome.kind === 'closed') return;
  const { pass } = outcome;
  const email = pass.customerEmail;
  if (email === null) return;
  background.run('join email', () => application.enrolments.mailLink(template, email, wallets.links(pass).downloadUrl), { request_id: correlationId });
}

export function addJoinRoutes(routes: RouteGroup, dependencies: JoinDependencies): void {
  const { application, limits, wallets } = dependencies;
  routes.post('/:code', async (request, response) => {
    await limits.countClient(clientAddressOf(request));
    const template = await application.enrolments.openTemplate(String(request.params['code']));
    if (!template) throw new ApiError('not_found', 'No join page has this code, or it is closed');
    const input = joinInputOf(template, parseBody(joinBody, request));
    await limits.countEmail(input.customerEmail);
    const outcome = await application.enrolments.join(template, input, correlationIdOf(response));
    if (outcome.kind === 'closed') throw new ApiError('invalid_state', 'This card is not taking new members right now');
    mailJoinLink(dependencies, template, outcome, correlationIdOf(response));
    if (outcome.kind === 'existing') {
      response.status(202).json({ sent: true } satisfies JoinSentResponse);
      return;
    }
    response.status(201).json({ serial_number: outcome.pass.serialNumber, download_url: wallets.links(outcome.pass).downloadUrl } satisfies JoinedResponse);
  });
}
