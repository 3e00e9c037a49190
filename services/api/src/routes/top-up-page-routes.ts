/**
 * "Top up" from a pass's download page (PROGRAMME §5): its form posts an amount here, to the link's own
 * address, and the holder is sent on to Stripe Checkout (303), then back to the page. Only the amounts
 * the page offers are taken; a link without its secret is the same 404 page as the page's.
 */
import type { Application, Payments } from '@passes/application';
import { DomainError, parseMinorUnits, type Pass } from '@passes/domain';
import type { Wallets } from '@passes/wallets';
import express, { Router, type Request } from 'express';
import { readBody } from '../http/body-read-refusal';
import { correlationIdOf } from '../http/correlation-id';
import type { PageTopUp } from '../pages/download-page';
import { pageStyle, sendPage } from '../pages/page-document';
import { unknownLinkPage } from '../pages/download-page';
import { topUpReturnOf } from '../pages/top-up-return';
import { sendUnreadableFormPage } from '../pages/unreadable-form-page';
import { returnUrlsOf } from './payment-routes';

const TOP_UP = '/passes/:serialNumber/:secret/topup';

const FORM_LIMIT_BYTES = 1024;
const readForm = readBody(express.urlencoded({ extended: false, limit: FORM_LIMIT_BYTES }), FORM_LIMIT_BYTES);

/** The offer of the pass's page, posting back to the link it was opened with. */
export async function pageTopUp(payments: Payments, pass: Pass, request: Request): Promise<PageTopUp | null> {
  const offer = await payments.topUpOffer(pass);
  if (offer === null) return null;
  const returned = topUpReturnOf(pass, request);
  const action = `/passes/${encodeURIComponent(String(request.params['serialNumber']))}/${encodeURIComponent(String(request.params['secret']))}/topup`;
  return { action, amountsMinor: offer.amountsMinor, checkoutOrigin: offer.checkoutOrigin, returned };
}

const NOTICE_STYLE = pageStyle(`
  body { margin: 0; font: 16px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Arial, sans-serif; background: #f4f5f7; color: #1c1f23; }
  main { max-width: 30rem; margin: 0 auto; padding: 1.5rem 1rem; }
  .notice { background: #fff; border: 1px solid #e3e6ea; border-radius: 14px; padding: 1.125rem; }
  .notice h2 { font-size: 1.125rem; margin: 0 0 .25rem; }
  .notice p { margin: 0; color: #5f6670; }
`);

function refusedPage(status: number, message: string) {
  return { status, title: 'No top-up', style: NOTICE_STYLE, body: `<div class="notice">\n<h2>This top-up cannot be made</h2>\n<p>${message}</p>\n</div>` };
}

export function topUpPageRoutes(application: Application, wallets: Wallets): Router {
  const router = Router();
  router.post(TOP_UP, readForm, async (request, response) => {
    const pass = await wallets.byDownloadLink(String(request.params['serialNumber']), String(request.params['secret']));
    if (pass === null) return void sendPage(response, unknownLinkPage());
    const offer = await application.payments.topUpOffer(pass);
    const body: unknown = request.body;
    const amount = typeof body === 'object' && body !== null && 'amount' in body ? String(body.amount) : '';
    const amountMinor = parseMinorUnits(amount);
    if (offer === null || amountMinor === null || !offer.amountsMinor.includes(amountMinor)) {
      return void sendPage(response, refusedPage(422, 'Choose one of the amounts the page offers.'));
    }
    try {
      const started = await application.payments.startTopUp(
        { businessId: pass.businessId, mode: pass.mode },
        pass,
        amountMinor,
        returnUrlsOf(wallets, pass),
        { actor: 'customer', correlationId: correlationIdOf(response) },
      );
      response.set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }).redirect(303, started.checkoutUrl);
    } catch (error) {
      if (error instanceof DomainError) return void sendPage(response, refusedPage(409, 'The business cannot take this top-up right now.'));
      throw error;
    }
  });
  router.use(TOP_UP, sendUnreadableFormPage);
  return router;
}
