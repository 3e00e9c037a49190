/** Campaigns: list, create, send, cancel, the audience's size, and the recipients of one. */
import {
  campaignListResponse,
  campaignPreviewResponse,
  campaignRecipientListResponse,
  campaignResponse,
  type CreateCampaignBody,
} from '@passes/contracts';
import { segment, type ApiClient } from '../api-client';

/** The screen shows a page of campaigns at a time. */
const PAGE_SIZE = 200;
/** A campaign's recipients the screen shows at a time; "Show more" reads the next page. */
const RECIPIENTS_PAGE_SIZE = 50;

export function campaignsApi(client: ApiClient, business: string) {
  const campaigns = `${business}/campaigns`;
  const campaign = (id: string) => `${campaigns}/${segment(id)}`;
  return {
    list: () => client.read(campaignListResponse, { method: 'GET', path: campaigns, query: { limit: PAGE_SIZE } }),
    create: (body: CreateCampaignBody, idempotencyKey: string) => client.read(campaignResponse, { method: 'POST', path: campaigns, body, idempotencyKey }),
    send: (id: string, idempotencyKey: string) => client.read(campaignResponse, { method: 'POST', path: `${campaign(id)}/send`, idempotencyKey }),
    cancel: (id: string, idempotencyKey: string) => client.read(campaignResponse, { method: 'POST', path: `${campaign(id)}/cancel`, idempotencyKey }),
    preview: (id: string, idempotencyKey: string) => client.read(campaignPreviewResponse, { method: 'POST', path: `${campaign(id)}/preview`, idempotencyKey }),
    recipients: (id: string, cursor: string | null = null) =>
      client.read(campaignRecipientListResponse, {
        method: 'GET',
        path: `${campaign(id)}/recipients`,
        query: cursor === null ? { limit: RECIPIENTS_PAGE_SIZE } : { limit: RECIPIENTS_PAGE_SIZE, cursor },
      }),
  };
}
