/** The express application: routes under /api/v1, health at the root, one error handler for everything. */
import type { WorkStore } from '@passes/background-work';
import type { Application, Clock } from '@passes/application';
import { openApiDocument } from '@passes/contracts';
import type { EventStore } from '@passes/event-store';
import type { DocumentStore, ReadModels } from '@passes/read-model';
import type { IdempotencyStore, RateLimitStore } from '@passes/request-guards';
import type { FollowerHealth, Logger, Metrics, TrustProxy } from '@passes/runtime';
import { APPLE_WEB_SERVICE_PATH, PasskitWebService, type Wallets } from '@passes/wallets';
import express from 'express';
import type { BackgroundWork } from './background-work';
import { authenticate, identify, requireDashboardUser, requireOwnBusiness } from './http/authentication';
import { assignCorrelationId } from './http/correlation-id';
import { errorHandler, notFound } from './http/error-handler';
import { idempotency, recordBodyDigest } from './http/idempotency';
import { answerJsonDirectly } from './http/json-answers';
import { jsonBody } from './http/json-body';
import { AccountLimits } from './http/account-limits';
import { JOIN_REQUESTS, MAGIC_LINK_REQUESTS, MailedRequestLimits, PASSWORD_RESET_REQUESTS } from './http/mailed-request-limits';
import { rateLimit } from './http/rate-limit';
import { parseQueryString } from './http/query-string';
import { requestLog } from './http/request-log';
import { requireRole } from './http/role-guard';
import { routeGroup } from './http/route-group';
import { routePatternsOf } from './http/route-patterns';
import { addAuthRoutes, addLogoutRoute, addOwnBusinessRoutes, addPasswordChangeRoute } from './routes/account-routes';
import { addApiKeyRoutes } from './routes/api-key-routes';
import { addCustomerListRoutes, addPassListRoute } from './routes/browse-routes';
import { appleWebServiceRoutes } from './routes/apple-web-service-routes';
import { customerPageRoutes } from './routes/customer-page-routes';
import { automationEmailRoutes } from './routes/automation-email-routes';
import { addCustomerRoutes } from './routes/customer-routes';
import { dashboardRoutes } from './routes/dashboard-routes';
import { downloadRoutes } from './routes/download-routes';
import { topUpPageRoutes } from './routes/top-up-page-routes';
import { healthRoutes } from './routes/health-routes';
import { addAnalyticsRoutes } from './routes/analytics-routes';
import { joinPageRoutes } from './routes/join-page-routes';
import { magicLinkPageRoutes } from './routes/magic-link-page-routes';
import { addJoinRoutes } from './routes/join-routes';
import { addAutomationRoutes } from './routes/automation-routes';
import { addMilestoneRoutes } from './routes/milestone-routes';
import { addCampaignRoutes } from './routes/campaign-routes';
import { addPassRoutes } from './routes/pass-routes';
import { addPaymentLinkRoutes, addPaymentRoutes, addPublicTopUpRoutes, addSubscriptionRoutes, stripeEventRoute } from './routes/payment-routes';
import { addOpenApiDocumentRoute, referencePageRoutes } from './routes/reference-routes';
import { addScanRoutes } from './routes/scan-routes';
import { addTemplateRoutes, templateRepresenter } from './routes/template-routes';
import { addTemplateImageRoutes } from './routes/template-image-routes';
import { templateImageFileRoutes } from './routes/template-image-file-routes';
import { addAcceptInviteRoute, addUserRoutes } from './routes/user-routes';
import { validationPageRoutes } from './routes/validation-page-routes';
import { addWebhookRoutes } from './routes/webhook-routes';

interface HttpAppDependencies {
  application: Application;
  wallets: Wallets;
  events: EventStore;
  documents: DocumentStore;
  readModels: ReadModels;
  /** Background work, for the lag `/readyz` reports. */
  work: WorkStore;
  rateLimits: RateLimitStore;
  idempotencyKeys: IdempotencyStore;
  clock: Clock;
  logger: Logger;
  metrics: Metrics;
  /** Which proxies may name the client (PASSES_TRUST_PROXY); per-IP limits and idempotency scopes key on whom they name. */
  trustProxy: TrustProxy;
  /** Requests per minute: per credential, and per client IP for requests without credentials. */
  limits: { perCredential: number; perIp: number };
  background: BackgroundWork;
  /** The followers of the event feed that run in this process (none in a distributed API instance). */
  followers: () => readonly FollowerHealth[];
}

/** Where the pages for people and wallets (not the API) live. */
const PUBLIC_PAGES = ['/validate', '/customer', '/passes', '/wallet', '/docs', '/join', '/template-images', '/automation-emails'];

export function createHttpApp(dependencies: HttpAppDependencies): express.Express {
  const { application, wallets, events, documents, readModels, work, clock, logger, metrics, limits } = dependencies;
  const app = express();
  app.disable('x-powered-by');
  // No ETags: nothing in the API offers conditional requests, and express would hash every body for one
  // (a SHA-1 of each answer, history pages of 1,000 events included).
  app.set('etag', false);
  app.set('query parser', parseQueryString);
  answerJsonDirectly(app);
  app.set('trust proxy', dependencies.trustProxy);
  app.use(assignCorrelationId);
  app.use(requestLog({ logger, metrics, routeOf: routePatternsOf(app) }));
  const document = openApiDocument();
  const limitRate = rateLimit({ store: dependencies.rateLimits, clock, metrics, perCredential: limits.perCredential, perIp: limits.perIp });

  // Who asks, then whether they may ask now, before anything else can fail: every answer carries the limits.
  const everyApiRequest = [
    identify(application.authenticator),
    limitRate,
    jsonBody({ limitBytes: 1_048_576, afterRead: recordBodyDigest }),
    idempotency({ store: dependencies.idempotencyKeys, clock, logger }),
  ];
  // The API before everything else, each route on the app's router with its full path and its guards
  // (RouteGroup), the business routes first: their requests are nearly all the traffic, and express tries
  // routes in order.
  const routes = routeGroup(app).within('/api/v1', ...everyApiRequest);
  // Roles last: a caller of another business learns only that, whatever their role.
  const business = routes.within('/businesses/:business_id', authenticate(application.plans), requireOwnBusiness, requireRole());
  addPaymentLinkRoutes(business.within('/passes'), application, wallets);
  addPassRoutes(business.within('/passes'), application, wallets, clock, logger);
  addPassListRoute(business.within('/passes'), application);
  addCustomerListRoutes(business.within('/customers'), application);
  addTemplateRoutes(business.within('/templates'), application);
  addTemplateImageRoutes(business.within('/templates'), application, templateRepresenter(application));
  addMilestoneRoutes(business.within('/milestones'), application);
  addAnalyticsRoutes(business.within('/analytics'), application);
  addCampaignRoutes(business.within('/campaigns'), application);
  addAutomationRoutes(business.within('/automations'), application);
  addScanRoutes(business.within('/scans'), application);
  addWebhookRoutes(business.within('/webhooks'), application);
  addApiKeyRoutes(business.within('/api-keys'), application);
  addUserRoutes(business.within('/users'), application);
  addOwnBusinessRoutes(routes.within('/businesses/me', authenticate(application.plans), requireRole()), application);
  addPaymentRoutes(business.within('/payments'), application);
  addSubscriptionRoutes(business.within('/subscription'), application);
  const accountLimits = new AccountLimits(dependencies.rateLimits, clock);
  addPasswordChangeRoute(routes.within('/auth/password', authenticate(application.plans), requireDashboardUser), { application, accountLimits, background: dependencies.background });
  addLogoutRoute(routes.within('/auth/logout', authenticate(application.plans), requireDashboardUser), application);
  addAuthRoutes(routes.within('/auth'), {
    application,
    accountLimits,
    resetLimits: new MailedRequestLimits(dependencies.rateLimits, clock, PASSWORD_RESET_REQUESTS),
    background: dependencies.background,
  });
  addAcceptInviteRoute(routes.within('/auth'), application);
  const magicLinkLimits = new MailedRequestLimits(dependencies.rateLimits, clock, MAGIC_LINK_REQUESTS);
  addCustomerRoutes(routes.within('/public/customer'), { application, limits: magicLinkLimits, background: dependencies.background, wallets });
  const join = { application, limits: new MailedRequestLimits(dependencies.rateLimits, clock, JOIN_REQUESTS), background: dependencies.background, wallets };
  addJoinRoutes(routes.within('/public/join'), join);
  addPublicTopUpRoutes(routes.within('/public/passes'), application, wallets);
  app.use(stripeEventRoute(application));
  addOpenApiDocumentRoute(routes, document);
  // A path no route serves meets the same guards before its 404; in a router of its own, whose mount names
  // such requests (`/api/v1/*`) in the logs and metrics.
  app.use('/api/v1', express.Router().use(...everyApiRequest));
  app.use(healthRoutes({ events, documents, work, clock, followers: dependencies.followers }));

  // Unauthenticated pages at `{app_url}`, limited per client IP like the API's public routes.
  app.use(PUBLIC_PAGES, limitRate);
  app.use(validationPageRoutes(application));
  app.use('/customer/link', magicLinkPageRoutes(application, magicLinkLimits, dependencies.background));
  app.use('/customer', customerPageRoutes(application, wallets));
  app.use('/join', joinPageRoutes(join));
  app.use('/automation-emails', automationEmailRoutes(application));
  app.use(topUpPageRoutes(application, wallets));
  app.use(downloadRoutes(wallets, clock, application.passRewards, application.payments));
  app.use(templateImageFileRoutes(application));
  app.use(referencePageRoutes(document));
  if (wallets.apple) {
    const webService = new PasskitWebService(wallets.apple, wallets.secrets, application.passes, wallets.passes, application.walletRegistrations, readModels);
    app.use(APPLE_WEB_SERVICE_PATH, appleWebServiceRoutes(webService, clock, logger));
  }

  // The business dashboard: static files of a single-page app that uses the API above like any client.
  app.use('/dashboard', dashboardRoutes());
  app.use(notFound);
  app.use(errorHandler(logger));
  return app;
}
