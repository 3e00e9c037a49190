/**
 * The join page at the server root (issue 38): `GET /join/{code}` shows the form, `POST /join/{code}`
 * (a plain HTML form) joins as `POST /api/v1/public/join/{code}` does, under the same limits. A new
 * card opens on its download page (the code and the wallet buttons); a card the email has already gets
 * the same "check your email" page as any join, since the link goes by email in both cases.
 * `GET /join/{code}/poster.pdf` is the page's printable poster: it shows only what the page is.
 */
import { joinBody } from '@passes/contracts';
import express, { Router, type Request } from 'express';
import { z } from 'zod';
import { ApiError } from '../http/api-error';
import { readBody } from '../http/body-read-refusal';
import { clientAddressOf } from '../http/client-address';
import { correlationIdOf } from '../http/correlation-id';
import { joinPoster } from '../pages/join-poster';
import { sendUnreadableFormPage } from '../pages/unreadable-form-page';
import { EMPTY_JOIN_FORM, sendJoinClosedPage, sendJoinForm, sendJoinLimitPage, sendJoinSentPage, sendNoJoinPage, type JoinForm } from '../pages/join-page';
import { joinInputOf, mailJoinLink, type JoinDependencies } from './join-routes';

const FORM_LIMIT_BYTES = 16 * 1024;
const readForm = readBody(express.urlencoded({ extended: false, limit: FORM_LIMIT_BYTES }), FORM_LIMIT_BYTES);

/** A urlencoded body: each field's text, once (express gives a repeated field as a list). */
const formFields = z.record(z.string(), z.unknown());

function formOf(request: Request): JoinForm & { consent: boolean } {
  const fields = formFields.safeParse(request.body);
  const value = (name: string) => {
    const field = fields.success ? fields.data[name] : undefined;
    return typeof field === 'string' ? field : '';
  };
  return { customer_name: value('customer_name'), customer_email: value('customer_email'), birthday: value('birthday'), phone: value('phone'), consent: value('consent') !== '' };
}

export function joinPageRoutes(dependencies: JoinDependencies): Router {
  const { application, limits } = dependencies;
  const router = Router();

  router.get('/:code', async (request, response) => {
    const template = await application.enrolments.openTemplate(request.params['code'] ?? '');
    if (!template) return sendNoJoinPage(response);
    sendJoinForm(response, template, EMPTY_JOIN_FORM, {});
  });

  router.get('/:code/poster.pdf', async (request, response) => {
    const template = await application.enrolments.openTemplate(request.params['code'] ?? '');
    const joinUrl = template === null ? null : application.enrolments.joinUrlOf(template);
    if (template === null || joinUrl === null) return sendNoJoinPage(response);
    response.set({ 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline; filename="join-poster.pdf"', 'Cache-Control': 'no-store' });
    response.send(await joinPoster(template.name, joinUrl));
  });

  router.post('/:code', readForm, async (request, response) => {
    const template = await application.enrolments.openTemplate(String(request.params['code'] ?? ''));
    if (!template) return sendNoJoinPage(response);
    const form = formOf(request);
    // Empty optional fields are not given, as a JSON body would leave them out; the page shows only asked ones.
    const asked = (field: 'birthday' | 'phone') => form[field] !== '' && template.enrolment.fields.includes(field);
    const parsed = joinBody.safeParse({
      customer_name: form.customer_name,
      customer_email: form.customer_email.trim(),
      ...(asked('birthday') ? { birthday: form.birthday } : {}),
      ...(asked('phone') ? { phone: form.phone } : {}),
      consent: form.consent || undefined,
    });
    if (!parsed.success) {
      const errors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? ''), issue.message]));
      return sendJoinForm(response, template, form, errors, 422);
    }
    try {
      await limits.countClient(clientAddressOf(request));
      const input = joinInputOf(template, parsed.data);
      await limits.countEmail(input.customerEmail);
      const outcome = await application.enrolments.join(template, input, correlationIdOf(response));
      if (outcome.kind === 'closed') return sendJoinClosedPage(response, template);
      mailJoinLink(dependencies, template, outcome, correlationIdOf(response));
      if (outcome.kind === 'issued') {
        // On the site the customer is on: the join page and the download page share `{app_url}`.
        const download = new URL(dependencies.wallets.links(outcome.pass).downloadUrl);
        return response.redirect(303, `${download.pathname}${download.search}`);
      }
      sendJoinSentPage(response, template, input.customerEmail);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'rate_limited') return sendJoinLimitPage(response);
      throw error;
    }
  });
  router.use(sendUnreadableFormPage);
  return router;
}
