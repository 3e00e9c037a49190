/**
 * A spec file's embedded server and Chromium, with a business registered and logged in to the dashboard:
 * started in the spec's `beforeAll`, and closed after its last test (the browser first, then the server).
 */
import { afterAll } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { registerBusiness, type TestBusiness } from '../../../../api/src/testing/fixtures';
import type { TestServer } from '../../../../api/src/testing/test-server';
import { launchDashboardBrowser, loggedInDashboard, type DashboardPage } from './dashboard-browser';

export interface DashboardSession {
  server: TestServer;
  business: TestBusiness;
  browser: Browser;
  dashboard: DashboardPage;
  page: Page;
}

interface SessionOptions {
  /** What the business holds before its owner logs in (passes issued, a plan changed). */
  prepare?: (server: TestServer, business: TestBusiness) => Promise<void>;
  viewport?: { width: number; height: number };
}

/** Registers the closing of what `start` starts; call it at the top of a spec file. */
export function dashboardSessions(): { start(server: () => Promise<TestServer>, options?: SessionOptions): Promise<DashboardSession> } {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });
  return {
    async start(startServer, options = {}) {
      const server = await startServer();
      closers.push(() => server.stop());
      const business = await registerBusiness(server);
      await options.prepare?.(server, business);
      const browser = await launchDashboardBrowser();
      closers.push(() => browser.close());
      const dashboard = await loggedInDashboard(browser, server.rootUrl, business, options.viewport);
      return { server, business, browser, dashboard, page: dashboard.page };
    },
  };
}
