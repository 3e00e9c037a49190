/** The express application: routes under /api/v1, health at the root, one error handler for everything. */
import type { Application, Clock } from '@passes/application';
import type { EventStore } from '@passes/event-store';
import type { Projector } from '@passes/read-model';
import type { IdempotencyStore, RateLimitStore } from '@passes/request-guards';
import express from 'express';
import type { BackgroundWork } from './background-work';
import { authenticate, identify, requireOwnBusiness } from './http/authentication';
import { assignCorrelationId } from './http/correlation-id';
import { errorHandler, notFound } from './http/error-handler';
import { idempotency, recordBodyDigest } from './http/idempotency';
import type { MagicLinkLimits } from './http/magic-link-limits';
import { rateLimit } from './http/rate-limit';
import type { Logger } from './logger';
import { accountRoutes } from './routes/account-routes';
import { bulkPassRoutes } from './routes/bulk-pass-routes';
import { customerPageRoutes } from './routes/customer-page-routes';
import { customerRoutes } from './routes/customer-routes';
import { healthRoutes } from './routes/health-routes';
import { passRoutes } from './routes/pass-routes';
import { scanRoutes } from './routes/scan-routes';
import { templateRoutes } from './routes/template-routes';
import { validationPageRoutes } from './routes/validation-page-routes';
import { webhookRoutes } from './routes/webhook-routes';

export interface HttpAppDependencies {
  application: Application;
  events: EventStore;
  projector: Projector;
  rateLimits: RateLimitStore;
  idempotencyKeys: IdempotencyStore;
  clock: Clock;
  logger: Logger;
  appUrl: () => string;
  /** Requests per minute: per credential, and per client IP for requests without credentials. */
  limits: { perCredential: number; perIp: number };
  magicLinkLimits: MagicLinkLimits;
  background: BackgroundWork;
}

/** Where the pages for people (not the API) live. */
const PUBLIC_PAGES = ['/validate', '/customer'];

export function createHttpApp(dependencies: HttpAppDependencies): express.Express {
  const { application, events, projector, clock, logger, appUrl, limits } = dependencies;
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(assignCorrelationId);
  app.use(healthRoutes(events, projector));
  const limitRate = rateLimit({ store: dependencies.rateLimits, clock, perCredential: limits.perCredential, perIp: limits.perIp });

  // Unauthenticated pages at `{app_url}`, limited per client IP like the API's public routes.
  app.use(PUBLIC_PAGES, limitRate);
  app.use(validationPageRoutes(application));
  app.use('/customer', customerPageRoutes(application, appUrl));

  const api = express.Router();
  // Who asks, then whether they may ask now, before anything else can fail: every answer carries the limits.
  api.use(identify(application.authenticator));
  api.use(limitRate);
  api.use(express.json({ limit: '1mb', verify: recordBodyDigest }));
  api.use(idempotency({ store: dependencies.idempotencyKeys, clock, logger }));
  api.use('/public/customer', customerRoutes({ application, limits: dependencies.magicLinkLimits, background: dependencies.background, appUrl }));
  api.use(accountRoutes(application));
  const business = express.Router({ mergeParams: true });
  business.use(authenticate(application.plans), requireOwnBusiness);
  business.use('/templates', templateRoutes(application));
  business.use('/passes', bulkPassRoutes(application, logger), passRoutes(application, appUrl));
  business.use('/scans', scanRoutes(application));
  business.use('/webhooks', webhookRoutes(application));
  api.use('/businesses/:business_id', business);

  app.use('/api/v1', api);
  app.use(notFound);
  app.use(errorHandler(logger));
  return app;
}
