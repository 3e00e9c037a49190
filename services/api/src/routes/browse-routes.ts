/**
 * Browsing a business's passes and its customers (issue 38): `GET /passes?q=&status=&template_id=` and
 * `GET /customers?q=`, `GET /customers/{email}` under `/businesses/:business_id`, in the caller's mode.
 */
import type { Application } from '@passes/application';
import type { CustomerListResponse, PassListResponse } from '@passes/contracts';
import { passScopeOf } from '../http/authentication';
import { optionalChoice, optionalParameter, pageRequest } from '../http/query-parameters';
import type { RouteGroup } from '../http/route-group';
import { customerRepresentation, passListItem } from '../representations/browse-representations';

const STATUSES = ['active', 'checked_in', 'redeemed', 'voided'] as const;

export function addPassListRoute(passes: RouteGroup, application: Application): void {
  passes.get('/', async (request, response) => {
    const filter = { q: optionalParameter(request, 'q'), status: optionalChoice(request, 'status', STATUSES), templateId: optionalParameter(request, 'template_id') };
    const page = await application.passBrowsing.passesOf(passScopeOf(response), filter, pageRequest(request));
    response.json({ data: page.items.map(passListItem), has_more: page.nextCursor !== null, next_cursor: page.nextCursor } satisfies PassListResponse);
  });
}

export function addCustomerListRoutes(customers: RouteGroup, application: Application): void {
  customers.get('/', async (request, response) => {
    const page = await application.passBrowsing.customersOf(passScopeOf(response), optionalParameter(request, 'q'), pageRequest(request));
    response.json({ data: page.items.map(customerRepresentation), has_more: page.nextCursor !== null, next_cursor: page.nextCursor } satisfies CustomerListResponse);
  });

  customers.get('/:email', async (request, response) => {
    response.json(customerRepresentation(await application.passBrowsing.customer(passScopeOf(response), String(request.params['email']))));
  });
}
