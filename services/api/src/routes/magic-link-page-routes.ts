/**
 * The page that asks for a link to one's passes (`GET`/`POST /customer/link`), for customers who lost
 * theirs: the same limits and the same answer whatever the address, as `POST /public/customer/magic-link`.
 */
import type { Application } from '@passes/application';
import { magicLinkBody } from '@passes/contracts';
import express, { Router } from 'express';
import { z } from 'zod';
import type { BackgroundWork } from '../background-work';
import { ApiError } from '../http/api-error';
import { readBody } from '../http/body-read-refusal';
import { clientAddressOf } from '../http/client-address';
import { correlationIdOf } from '../http/correlation-id';
import type { MailedRequestLimits } from '../http/mailed-request-limits';
import { sendUnreadableFormPage } from '../pages/unreadable-form-page';
import { sendMagicLinkForm, sendMagicLinkLimitPage, sendMagicLinkSentPage } from '../pages/magic-link-page';

const emailField = z.object({ email: z.string() });

const FORM_LIMIT_BYTES = 4 * 1024;
const readForm = readBody(express.urlencoded({ extended: false, limit: FORM_LIMIT_BYTES }), FORM_LIMIT_BYTES);

export function magicLinkPageRoutes(application: Application, limits: MailedRequestLimits, background: BackgroundWork): Router {
  const router = Router();
  router.get('/', (_request, response) => sendMagicLinkForm(response, '', null));
  router.post('/', readForm, async (request, response) => {
    const typed = emailField.safeParse(request.body);
    const email = typed.success ? typed.data.email.trim() : '';
    const parsed = magicLinkBody.safeParse({ email });
    if (!parsed.success) return sendMagicLinkForm(response, email, parsed.error.issues[0]?.message ?? 'must be a valid email address', 422);
    try {
      await limits.countClient(clientAddressOf(request));
      await limits.countEmail(parsed.data.email);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'rate_limited') return sendMagicLinkLimitPage(response);
      throw error;
    }
    // Known or not, the same page goes out before any lookup or mail.
    sendMagicLinkSentPage(response);
    background.run('magic link', () => application.magicLinks.send(parsed.data.email), { request_id: correlationIdOf(response) });
  });
  router.use(sendUnreadableFormPage);
  return router;
}
