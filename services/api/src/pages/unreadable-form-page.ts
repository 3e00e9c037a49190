/**
 * A page's form the server could not read (larger than the page's limit, another charset, an unknown
 * Content-Encoding: no browser sends one from our pages): a page with the refusal's status, not JSON.
 */
import type { ErrorRequestHandler } from 'express';
import { ApiError } from '../http/api-error';
import { FORM_PAGE_STYLE } from './join-page';
import { sendPage } from './page-document';

export const sendUnreadableFormPage: ErrorRequestHandler = (error: unknown, _request, response, next) => {
  if (!(error instanceof ApiError) || error.status >= 500 || response.headersSent) return next(error);
  sendPage(response, {
    status: error.status,
    title: 'Not sent',
    style: FORM_PAGE_STYLE,
    body: `<div class="notice"><h1>This form could not be sent</h1><p>Go back to the page and send it again.</p></div>`,
  });
};
