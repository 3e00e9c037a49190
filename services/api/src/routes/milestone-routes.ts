/**
 * Reward milestones (PROGRAMME §1): create, list, read, change, archive. Under
 * `/businesses/:business_id/milestones`, behind authentication; a sandbox key works on sandbox milestones.
 */
import type { Application } from '@passes/application';
import { createMilestoneBody, updateMilestoneBody, type MilestoneListResponse } from '@passes/contracts';
import { commandContextOf, passScopeOf } from '../http/authentication';
import { parseBody } from '../http/parse-body';
import { optionalParameter, pageRequest } from '../http/query-parameters';
import type { RouteGroup } from '../http/route-group';
import { milestoneRepresentation } from '../representations/milestone-representations';
import { milestoneDraft, milestoneUpdate } from './milestone-bodies-to-commands';

export function addMilestoneRoutes(routes: RouteGroup, application: Application): void {
  const milestones = application.milestones;
  const idOf = (params: Record<string, unknown>) => String(params['milestone_id']);

  routes.post('/', async (request, response) => {
    const body = parseBody(createMilestoneBody, request);
    const milestone = await milestones.create(passScopeOf(response), body.template_id, milestoneDraft(body), commandContextOf(response));
    response.status(201).json(milestoneRepresentation(milestone));
  });

  routes.get('/', async (request, response) => {
    const page = await milestones.list(passScopeOf(response), optionalParameter(request, 'template_id'), pageRequest(request));
    response.json({ data: page.items.map(milestoneRepresentation), has_more: page.nextCursor !== null, next_cursor: page.nextCursor } satisfies MilestoneListResponse);
  });

  routes.get('/:milestone_id', async (request, response) => {
    response.json(milestoneRepresentation(await milestones.get(passScopeOf(response), idOf(request.params))));
  });

  routes.patch('/:milestone_id', async (request, response) => {
    const body = parseBody(updateMilestoneBody, request);
    const milestone = await milestones.update(passScopeOf(response), idOf(request.params), milestoneUpdate(body), commandContextOf(response));
    response.json(milestoneRepresentation(milestone));
  });

  routes.delete('/:milestone_id', async (request, response) => {
    response.json(milestoneRepresentation(await milestones.archive(passScopeOf(response), idOf(request.params), commandContextOf(response))));
  });
}
