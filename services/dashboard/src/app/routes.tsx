/** Every screen of the dashboard and its address below /dashboard; the first pattern that matches wins. */
import { lazy, type ReactNode } from 'react';
import { AccountPage } from '../features/account/AccountPage';
import { AcceptInvitePage } from '../features/auth/AcceptInvitePage';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { LogInPage } from '../features/auth/LogInPage';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { SignUpPage } from '../features/auth/SignUpPage';
import { HomePage } from '../features/home/HomePage';
import type { UserRole } from '@passes/domain';
import type { RouteParams } from '../router/match-route';

// The first screens (log-in, sign-up, home) come with the app; every other screen is its own chunk,
// loaded when first opened, so a phone starts with less to download.
const AnalyticsPage = lazy(() => import('../features/analytics/AnalyticsPage').then((module) => ({ default: module.AnalyticsPage })));
const CampaignsPage = lazy(() => import('../features/campaigns/CampaignsPage').then((module) => ({ default: module.CampaignsPage })));
const ApiKeysPage = lazy(() => import('../features/api-keys/ApiKeysPage').then((module) => ({ default: module.ApiKeysPage })));
const BulkIssuePage = lazy(() => import('../features/passes/BulkIssuePage').then((module) => ({ default: module.BulkIssuePage })));
const IssuePassPage = lazy(() => import('../features/passes/IssuePassPage').then((module) => ({ default: module.IssuePassPage })));
const PassesPage = lazy(() => import('../features/passes/PassesPage').then((module) => ({ default: module.PassesPage })));
const PassPage = lazy(() => import('../features/passes/PassPage').then((module) => ({ default: module.PassPage })));
const ScanPage = lazy(() => import('../features/scan/ScanPage').then((module) => ({ default: module.ScanPage })));
const CustomerPage = lazy(() => import('../features/customers/CustomerPage').then((module) => ({ default: module.CustomerPage })));
const CustomersPage = lazy(() => import('../features/customers/CustomersPage').then((module) => ({ default: module.CustomersPage })));
const EditTemplatePage = lazy(() => import('../features/templates/EditTemplatePage').then((module) => ({ default: module.EditTemplatePage })));
const NewTemplatePage = lazy(() => import('../features/templates/NewTemplatePage').then((module) => ({ default: module.NewTemplatePage })));
const TeamPage = lazy(() => import('../features/team/TeamPage').then((module) => ({ default: module.TeamPage })));
const TemplatesPage = lazy(() => import('../features/templates/TemplatesPage').then((module) => ({ default: module.TemplatesPage })));
const AutomationPage = lazy(() => import('../features/automations/AutomationPage').then((module) => ({ default: module.AutomationPage })));
const AutomationsPage = lazy(() => import('../features/automations/AutomationsPage').then((module) => ({ default: module.AutomationsPage })));
const WebhookPage = lazy(() => import('../features/webhooks/WebhookPage').then((module) => ({ default: module.WebhookPage })));
const PaymentsPage = lazy(() => import('../features/payments/PaymentsPage').then((module) => ({ default: module.PaymentsPage })));
const WebhooksPage = lazy(() => import('../features/webhooks/WebhooksPage').then((module) => ({ default: module.WebhooksPage })));

export interface Route {
  pattern: string;
  render: (params: RouteParams) => ReactNode;
  /** The least role the screen is for, as the API's route roles (docs/api.md, Users and roles); staff when absent. */
  least?: UserRole;
}

/** Screens for a visitor without a session; a signed-in user is sent home from them. */
export const PUBLIC_ROUTES: readonly Route[] = [
  { pattern: '/login', render: () => <LogInPage /> },
  { pattern: '/signup', render: () => <SignUpPage /> },
  { pattern: '/accept-invite', render: () => <AcceptInvitePage /> },
  { pattern: '/forgot-password', render: () => <ForgotPasswordPage /> },
  { pattern: '/reset-password', render: () => <ResetPasswordPage /> },
];

const param = (params: RouteParams, name: string) => params[name] ?? '';

/** Screens of a signed-in user; without a session they send to log in first. */
export const SIGNED_IN_ROUTES: readonly Route[] = [
  { pattern: '/', render: () => <HomePage /> },
  { pattern: '/account', render: () => <AccountPage /> },
  { pattern: '/templates', render: () => <TemplatesPage />, least: 'manager' },
  { pattern: '/templates/new', render: () => <NewTemplatePage />, least: 'manager' },
  { pattern: '/templates/:id', render: (params) => <EditTemplatePage key={param(params, 'id')} id={param(params, 'id')} />, least: 'manager' },
  { pattern: '/passes', render: () => <PassesPage /> },
  { pattern: '/passes/new', render: () => <IssuePassPage />, least: 'manager' },
  { pattern: '/passes/bulk', render: () => <BulkIssuePage />, least: 'manager' },
  { pattern: '/passes/:identifier', render: (params) => <PassPage key={param(params, 'identifier')} identifier={param(params, 'identifier')} /> },
  { pattern: '/campaigns', render: () => <CampaignsPage />, least: 'manager' },
  { pattern: '/scan', render: () => <ScanPage /> },
  { pattern: '/analytics', render: () => <AnalyticsPage />, least: 'manager' },
  { pattern: '/api-keys', render: () => <ApiKeysPage />, least: 'owner' },
  { pattern: '/webhooks', render: () => <WebhooksPage />, least: 'owner' },
  { pattern: '/webhooks/:id', render: (params) => <WebhookPage key={param(params, 'id')} id={param(params, 'id')} />, least: 'owner' },
  { pattern: '/team', render: () => <TeamPage />, least: 'owner' },
  { pattern: '/customers', render: () => <CustomersPage /> },
  { pattern: '/customers/:email', render: (params) => <CustomerPage key={param(params, 'email')} email={param(params, 'email')} /> },
  { pattern: '/payments', render: () => <PaymentsPage />, least: 'owner' },
  { pattern: '/automations', render: () => <AutomationsPage />, least: 'manager' },
  { pattern: '/automations/:id', render: (params) => <AutomationPage key={param(params, 'id')} id={param(params, 'id')} />, least: 'manager' },
];
