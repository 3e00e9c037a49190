/**
 * A pass's download link and what hangs off it, at the server root (`{app_url}`): the page, the signed
 * .pkpass and the redirect to a fresh "Save to Google Wallet" link. Every one needs the link's secret;
 * without it (an old link, a serial number read off a barcode) the answer is the same 404 page as for
 * no pass at all. Also the logo Google Wallet fetches for loyalty classes.
 */
import type { Clock, PassRewards, PassRewardsView, Payments } from '@passes/application';
import type { Pass } from '@passes/domain';
import { defaultLogo, PKPASS_MEDIA_TYPE, GOOGLE_PROGRAM_LOGO_PATH, type Wallets, type WalletPass } from '@passes/wallets';
import { Router, type Request, type Response } from 'express';
import { downloadPage, unknownLinkPage } from '../pages/download-page';
import { pageTopUp } from './top-up-page-routes';
import { sendPage } from '../pages/page-document';

const LINK = '/passes/:serialNumber/:secret';
/** A void pass's page shows no rewards: none can be claimed. */
const NO_REWARDS: PassRewardsView = { rewards: [], nextReward: null };

export function downloadRoutes(wallets: Wallets, clock: Clock, rewards: PassRewards, payments: Payments): Router {
  const router = Router();

  /** The pass and how a wallet shows it, or the 404 page already sent. */
  const walletPassOf = async (request: Request, response: Response): Promise<WalletPass | null> => {
    const pass: Pass | null = await wallets.byDownloadLink(String(request.params['serialNumber']), String(request.params['secret']));
    const walletPass = pass === null ? null : await wallets.passes.of(pass);
    if (walletPass === null) sendPage(response, unknownLinkPage());
    return walletPass;
  };

  /** A void pass is offered to no wallet: its page, as 410. */
  const voidedPage = (walletPass: WalletPass) => ({ ...downloadPage(walletPass, wallets.links(walletPass.pass), NO_REWARDS), status: 410 });

  router.get(LINK, async (request, response) => {
    const walletPass = await walletPassOf(request, response);
    if (walletPass) sendPage(response, downloadPage(walletPass, wallets.links(walletPass.pass), await rewards.viewOf(walletPass.pass), await pageTopUp(payments, walletPass.pass, request)));
  });

  router.get(`${LINK}/pass.pkpass`, async (request, response) => {
    if (!wallets.apple) return void sendPage(response, unknownLinkPage());
    const walletPass = await walletPassOf(request, response);
    if (!walletPass) return;
    // A void pass is offered nowhere; one already in a wallet learns it through the web service.
    if (walletPass.pass.status === 'voided') return void sendPage(response, voidedPage(walletPass));
    response
      .status(200)
      .set({ 'Content-Type': PKPASS_MEDIA_TYPE, 'Content-Disposition': 'attachment; filename="pass.pkpass"', 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' })
      .send(await wallets.apple.pkpassWithImages(walletPass, clock.now()));
  });

  router.get(`${LINK}/google`, async (request, response) => {
    if (!wallets.google) return void sendPage(response, unknownLinkPage());
    const walletPass = await walletPassOf(request, response);
    if (!walletPass) return;
    if (walletPass.pass.status === 'voided') return void sendPage(response, voidedPage(walletPass));
    response.set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }).redirect(302, await wallets.google.saveUrl(walletPass, clock.now()));
  });

  router.get(GOOGLE_PROGRAM_LOGO_PATH, (_request, response) => {
    response.status(200).set({ 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' }).send(defaultLogo());
  });

  return router;
}
