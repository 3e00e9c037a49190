/** The express application: routes under /api/v1, health at the root, one error handler for everything. */
import type { Application } from '@passes/application';
import type { EventStore } from '@passes/event-store';
import type { Projector } from '@passes/read-model';
import express from 'express';
import { authenticate, requireOwnBusiness } from './http/authentication';
import { assignCorrelationId } from './http/correlation-id';
import { errorHandler, notFound } from './http/error-handler';
import type { Logger } from './logger';
import { accountRoutes } from './routes/account-routes';
import { healthRoutes } from './routes/health-routes';
import { passRoutes } from './routes/pass-routes';
import { templateRoutes } from './routes/template-routes';
import { webhookRoutes } from './routes/webhook-routes';

export interface HttpAppDependencies {
  application: Application;
  events: EventStore;
  projector: Projector;
  logger: Logger;
  appUrl: () => string;
}

export function createHttpApp({ application, events, projector, logger, appUrl }: HttpAppDependencies): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(assignCorrelationId);
  app.use(healthRoutes(events, projector));

  const api = express.Router();
  api.use(express.json({ limit: '1mb' }));
  api.use(accountRoutes(application));
  const business = express.Router({ mergeParams: true });
  business.use(authenticate(application.authenticator), requireOwnBusiness);
  business.use('/templates', templateRoutes(application));
  business.use('/passes', passRoutes(application, appUrl));
  business.use('/webhooks', webhookRoutes(application));
  api.use('/businesses/:business_id', business);

  app.use('/api/v1', api);
  app.use(notFound);
  app.use(errorHandler(logger));
  return app;
}
