/** The express application: routes under /api/v1, health at the root, one error handler for everything. */
import type { Application } from '@passes/application';
import type { EventStore } from '@passes/event-store';
import type { Projector } from '@passes/read-model';
import express from 'express';
import type { BackgroundWork } from './background-work';
import { authenticate, requireOwnBusiness } from './http/authentication';
import { assignCorrelationId } from './http/correlation-id';
import { errorHandler, notFound } from './http/error-handler';
import type { MagicLinkLimits } from './http/magic-link-limits';
import type { Logger } from './logger';
import { accountRoutes } from './routes/account-routes';
import { customerPageRoutes } from './routes/customer-page-routes';
import { customerRoutes } from './routes/customer-routes';
import { healthRoutes } from './routes/health-routes';
import { passRoutes } from './routes/pass-routes';
import { templateRoutes } from './routes/template-routes';

export interface HttpAppDependencies {
  application: Application;
  events: EventStore;
  projector: Projector;
  logger: Logger;
  appUrl: () => string;
  magicLinkLimits: MagicLinkLimits;
  background: BackgroundWork;
}

export function createHttpApp(dependencies: HttpAppDependencies): express.Express {
  const { application, events, projector, logger, appUrl } = dependencies;
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(assignCorrelationId);
  app.use(healthRoutes(events, projector));

  // Unauthenticated routes, each router mounted on its own path: the public API under /api/v1/public and
  // the pages people open from emails. The per-IP limit of public routes attaches to these and nothing else.
  const publicApi = express.Router();
  publicApi.use('/customer', customerRoutes({ application, limits: dependencies.magicLinkLimits, background: dependencies.background, appUrl }));
  const publicPages = express.Router();
  publicPages.use(customerPageRoutes(application, appUrl));
  app.use('/customer', publicPages);

  const api = express.Router();
  api.use(express.json({ limit: '1mb' }));
  api.use('/public', publicApi);
  api.use(accountRoutes(application));
  const business = express.Router({ mergeParams: true });
  business.use(authenticate(application.authenticator), requireOwnBusiness);
  business.use('/templates', templateRoutes(application));
  business.use('/passes', passRoutes(application, appUrl));
  api.use('/businesses/:business_id', business);

  app.use('/api/v1', api);
  app.use(notFound);
  app.use(errorHandler(logger));
  return app;
}
