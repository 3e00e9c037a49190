/** Reward milestones of a template: list, create, change, archive. */
import { milestoneListResponse, milestoneResponse, type CreateMilestoneBody, type UpdateMilestoneBody } from '@passes/contracts';
import { segment, type ApiClient } from '../api-client';

/** A template's milestones fit one page: Free has one active, and archived ones are few. */
const PAGE_SIZE = 200;

export function milestonesApi(client: ApiClient, business: string) {
  const milestones = `${business}/milestones`;
  const milestone = (id: string) => `${milestones}/${segment(id)}`;
  return {
    ofTemplate: (templateId: string) => client.read(milestoneListResponse, { method: 'GET', path: milestones, query: { template_id: templateId, limit: PAGE_SIZE } }),
    create: (body: CreateMilestoneBody, idempotencyKey: string) => client.read(milestoneResponse, { method: 'POST', path: milestones, body, idempotencyKey }),
    update: (id: string, body: UpdateMilestoneBody, idempotencyKey: string) =>
      client.read(milestoneResponse, { method: 'PATCH', path: milestone(id), body, idempotencyKey }),
    archive: (id: string) => client.read(milestoneResponse, { method: 'DELETE', path: milestone(id) }),
  };
}
