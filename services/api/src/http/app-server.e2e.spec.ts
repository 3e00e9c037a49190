/**
 * An app's server makes its requests and responses with the app's prototypes, so that express never has to
 * change them; and the app behaves as on a plain server: its own methods, its settings, its routes.
 */
import { describe, expect, it } from '@jest/globals';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createAppServer } from './app-server';

async function serve(app: express.Express, use: (url: string, seen: { request: object | null; response: object | null }[]) => Promise<void>): Promise<void> {
  const server = createAppServer(app);
  const seen: { request: object | null; response: object | null }[] = [];
  // Before express: what node made, as it made it.
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    seen.push({ request: Object.getPrototypeOf(request) as object | null, response: Object.getPrototypeOf(response) as object | null });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("an express app's server", () => {
  it("makes each request and response with the app's prototypes, the ones express sets", async () => {
    const app = express();
    app.get('/', (_request, response) => {
      response.json({ ok: true });
    });
    await serve(app, async (url, seen) => {
      await fetch(url);
      await fetch(url);
      expect(seen).toHaveLength(2);
      for (const { request, response } of seen) {
        expect(request).toBe(app.request);
        expect(response).toBe(app.response);
      }
    });
  });

  it("keeps express's methods and the app's own, its settings and its routing", async () => {
    const app = express();
    app.set('query parser', 'simple');
    app.response.json = function json(this: express.Response, body: unknown) {
      this.type('json').send(JSON.stringify({ wrapped: body }));
      return this;
    };
    app.get('/things/:id', (request, response) => {
      response.status(201).json({ id: request.params['id'], q: request.query['q'], host: request.hostname, app: request.app === app });
    });
    await serve(app, async (url) => {
      const answer = await fetch(`${url}/things/42?q=tea`);
      expect(answer.status).toBe(201);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await answer.json()).toEqual({ wrapped: { id: '42', q: 'tea', host: '127.0.0.1', app: true } });
      expect((await fetch(`${url}/nothing`)).status).toBe(404);
    });
  });
});
