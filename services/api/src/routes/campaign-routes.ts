/**
 * Campaigns (PROGRAMME §2): create, list, read, change, delete, cancel, send, preview, recipients. Under
 * `/businesses/:business_id/campaigns`, behind authentication; a sandbox key works on sandbox campaigns.
 */
import type { Application } from '@passes/application';
import { createCampaignBody, updateCampaignBody, type CampaignListResponse, type CampaignRecipientListResponse } from '@passes/contracts';
import { commandContextOf, passScopeOf } from '../http/authentication';
import { parseBody, takeNoBody } from '../http/parse-body';
import { pageRequest } from '../http/query-parameters';
import type { RouteGroup } from '../http/route-group';
import { campaignPreviewRepresentation, campaignRecipientRepresentation, campaignRepresentation } from '../representations/campaign-representations';
import { campaignDraft, campaignUpdate } from './campaign-bodies-to-commands';

export function addCampaignRoutes(routes: RouteGroup, application: Application): void {
  const campaigns = application.campaigns;
  const idOf = (params: Record<string, unknown>) => String(params['campaign_id']);

  routes.post('/', async (request, response) => {
    const body = parseBody(createCampaignBody, request);
    const campaign = await campaigns.create(passScopeOf(response), campaignDraft(body), commandContextOf(response));
    response.status(201).json(campaignRepresentation(campaign));
  });

  routes.get('/', async (request, response) => {
    const page = await campaigns.list(passScopeOf(response), pageRequest(request));
    response.json({ data: page.items.map(campaignRepresentation), has_more: page.nextCursor !== null, next_cursor: page.nextCursor } satisfies CampaignListResponse);
  });

  routes.get('/:campaign_id', async (request, response) => {
    response.json(campaignRepresentation(await campaigns.get(passScopeOf(response), idOf(request.params))));
  });

  routes.patch('/:campaign_id', async (request, response) => {
    const body = parseBody(updateCampaignBody, request);
    const campaign = await campaigns.update(passScopeOf(response), idOf(request.params), campaignUpdate(body), commandContextOf(response));
    response.json(campaignRepresentation(campaign));
  });

  routes.delete('/:campaign_id', async (request, response) => {
    await campaigns.delete(passScopeOf(response), idOf(request.params), commandContextOf(response));
    response.status(204).end();
  });

  routes.post('/:campaign_id/send', async (request, response) => {
    takeNoBody(request, 'a campaign is scheduled by PATCH with send_at');
    const campaign = await campaigns.send(passScopeOf(response), idOf(request.params), commandContextOf(response));
    response.status(202).json(campaignRepresentation(campaign));
  });

  routes.post('/:campaign_id/cancel', async (request, response) => {
    takeNoBody(request);
    response.json(campaignRepresentation(await campaigns.cancel(passScopeOf(response), idOf(request.params), commandContextOf(response))));
  });

  routes.post('/:campaign_id/preview', async (request, response) => {
    takeNoBody(request, "the preview counts the campaign's own audience; change it by PATCH");
    response.json(campaignPreviewRepresentation(await campaigns.preview(passScopeOf(response), idOf(request.params))));
  });

  routes.get('/:campaign_id/recipients', async (request, response) => {
    const page = await campaigns.recipients(passScopeOf(response), idOf(request.params), pageRequest(request));
    response.json({ data: page.items.map(campaignRecipientRepresentation), has_more: page.nextCursor !== null, next_cursor: page.nextCursor } satisfies CampaignRecipientListResponse);
  });
}
