/**
 * Structured logs of the real embedded stack: one line per request with method, route pattern, status,
 * duration and request id; the request id taken from X-Request-Id when well-formed, generated otherwise,
 * echoed in the response; every line logged while a request is served carries its request id.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { CapturedLog } from './testing/captured-log';
import { issuePass, registerBusiness, type TestBusiness } from './testing/fixtures';
import { TestServer } from './testing/test-server';
import { assignCorrelationId } from './http/correlation-id';
import { errorHandler } from './http/error-handler';
import { requestLog } from './http/request-log';
import { registeredRoutes, routePatternsOf } from './http/route-patterns';
import { noMetrics } from '@passes/runtime';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: TestServer, business: TestBusiness;
const log = new CapturedLog();

beforeAll(async () => {
  server = await TestServer.start(undefined, {}, { logger: log.logger });
  business = await registerBusiness(server);
});
afterAll(() => server.stop());

/** The request line logged for the request that was answered with this X-Request-Id. */
function requestLineOf(requestId: string | null): Promise<Record<string, unknown>> {
  return log.waitFor((record) => record['message'] === 'request' && record['request_id'] === requestId);
}

describe('one log line per request', () => {
  it('names the route pattern, not the ids of the path, with status, duration and the request id it echoes', async () => {
    const pass = await issuePass(server, business);
    const stamped = await server.request('POST', `/businesses/${business.businessId}/passes/${pass.id}/stamp?count=2`, { token: business.token });
    expect(stamped.status).toBe(200);
    const requestId = stamped.headers.get('x-request-id');
    expect(requestId).toMatch(UUID);
    const line = await requestLineOf(requestId);
    expect(line).toMatchObject({ level: 'info', method: 'POST', route: '/api/v1/businesses/:business_id/passes/:identifier/:action', status: 200 });
    expect(typeof line['duration_ms']).toBe('number');
    expect(typeof line['time']).toBe('string');
    expect(JSON.stringify(line)).not.toContain(pass.id);
    expect(JSON.stringify(line)).not.toContain(business.businessId);
  });

  it('names every route of the API by its own pattern, whoever is asking and whatever the answer', async () => {
    const apiRoutes = registeredRoutes(server.requestHandler).filter((route) => route.pattern.startsWith('/api/v1/'));
    expect(apiRoutes.length).toBeGreaterThanOrEqual(30);
    for (const { pattern, methods } of apiRoutes) {
      // Each parameter filled with a value of its own; mostly 401 (no credentials), some 400 or 404.
      const path = pattern.replace('/api/v1', '').replace(/:(\w+)/g, (_match, name: string) => `${name}-value`);
      for (const method of methods) {
        const requestId = `route-${randomUUID()}`;
        await server.request(method, path, { headers: { 'x-request-id': requestId } });
        expect({ method, route: (await requestLineOf(requestId))['route'] }).toEqual({ method, route: pattern });
      }
    }
  });

  it('keeps a well-formed X-Request-Id and replaces one that is too long or has other characters', async () => {
    const given = `client-${randomUUID()}`;
    const kept = await server.request('GET', '/businesses/me', { token: business.token, headers: { 'x-request-id': given } });
    expect(kept.headers.get('x-request-id')).toBe(given);
    expect(await requestLineOf(given)).toMatchObject({ method: 'GET', route: '/api/v1/businesses/me', status: 200 });

    for (const malformed of ['x'.repeat(129), 'two words', 'quote"d', '<script>', '']) {
      const replaced = await server.request('GET', '/businesses/me', { token: business.token, headers: { 'x-request-id': malformed } });
      expect(replaced.headers.get('x-request-id')).toMatch(UUID);
    }
  });

  it('logs refused and unknown requests too, with a bounded route', async () => {
    const refused = await server.request('GET', `/businesses/${business.businessId}/passes/${randomUUID()}`);
    expect(refused.status).toBe(401);
    expect(await requestLineOf(refused.headers.get('x-request-id'))).toMatchObject({ status: 401, route: '/api/v1/businesses/:business_id/passes/:identifier' });

    const unknown = await server.request('GET', `/no-such-route/${randomUUID()}`, { token: business.token });
    expect(unknown.status).toBe(404);
    expect(await requestLineOf(unknown.headers.get('x-request-id'))).toMatchObject({ status: 404, route: '/api/v1/*' });

    const health = await fetch(`${server.rootUrl}/healthz`);
    expect(await requestLineOf(health.headers.get('x-request-id'))).toMatchObject({ method: 'GET', route: '/healthz', status: 200 });
  });

  it('writes every record as one JSON object with a level word and a message', () => {
    for (const record of log.records()) {
      expect(['info', 'warn', 'error']).toContain(record['level']);
      expect(typeof record['message']).toBe('string');
    }
  });
});

describe('errors', () => {
  it('carry the request id of the request that failed', async () => {
    const captured = new CapturedLog();
    const app = express();
    app.use(assignCorrelationId);
    app.use(requestLog({ logger: captured.logger, metrics: noMetrics, routeOf: routePatternsOf(app) }));
    app.get('/things/:id', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      throw new Error('the thing broke');
    });
    app.use(errorHandler(captured.logger));
    const listener = http.createServer(app).listen(0, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(listener.address() as AddressInfo).port}/things/42`, { headers: { 'x-request-id': 'failing-request-1' } });
      expect(response.status).toBe(500);
      expect(response.headers.get('x-request-id')).toBe('failing-request-1');
      const failure = await captured.waitFor((record) => record['message'] === 'request failed');
      await captured.waitFor((record) => record['message'] === 'request');
      expect(failure).toMatchObject({ level: 'error', request_id: 'failing-request-1', error: { name: 'Error', message: 'the thing broke' } });
      expect(captured.requests()).toEqual([expect.objectContaining({ request_id: 'failing-request-1', route: '/things/:id', status: 500 })]);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});
