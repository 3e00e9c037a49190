/** The API's own description: the OpenAPI document under `/api/v1` and its reference page at `/docs`. No credentials. */
import type { OpenApiDocument } from '@passes/contracts';
import { Router } from 'express';
import type { RouteGroup } from '../http/route-group';
import { sendPage } from '../pages/page-document';
import { referencePage } from '../pages/reference-page';

export function addOpenApiDocumentRoute(routes: RouteGroup, document: OpenApiDocument): void {
  routes.get('/openapi.json', (_request, response) => {
    response.json(document);
  });
}

export function referencePageRoutes(document: OpenApiDocument): Router {
  const router = Router();
  const page = referencePage(document);
  router.get('/docs', (_request, response) => {
    sendPage(response, page);
  });
  return router;
}
