/** Delivery attempts against real local HTTP servers. */
import { afterEach, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { postDelivery } from './post-delivery';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done).closeAllConnections())));
});

async function receiver(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

/** Names are looked up in this table: no test asks DNS. */
const resolveHost = async (host: string) => (host === 'localhost' ? ['127.0.0.1'] : []);
const relaxed = { timeoutMs: 2000, policy: { allowPrivate: true }, resolveHost, signal: new AbortController().signal };

describe('postDelivery', () => {
  it('posts the exact body with the given headers and reports the status', async () => {
    let received: { body: string; headers: http.IncomingHttpHeaders } | undefined;
    const url = await receiver((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received = { body: Buffer.concat(chunks).toString('utf8'), headers: request.headers };
        response.writeHead(202).end('thanks');
      });
    });
    expect(await postDelivery(url, '{"a":"é"}', { 'webhook-id': 'evt_1' }, relaxed)).toEqual({ kind: 'answered', status: 202 });
    expect(received?.body).toBe('{"a":"é"}');
    expect(received?.headers).toMatchObject({ 'webhook-id': 'evt_1', 'content-type': 'application/json' });
  });

  it('does not follow redirects', async () => {
    const url = await receiver((_request, response) => response.writeHead(302, { location: 'http://169.254.169.254/' }).end());
    expect(await postDelivery(url, '{}', {}, relaxed)).toEqual({ kind: 'answered', status: 302 });
  });

  it('fails on a receiver that does not answer in time', async () => {
    const url = await receiver(() => undefined);
    expect(await postDelivery(url, '{}', {}, { ...relaxed, timeoutMs: 100 })).toEqual({ kind: 'failed', error: 'no answer within 100 ms' });
  });

  it('fails on a refused connection', async () => {
    const url = await receiver(() => undefined);
    await new Promise((done) => servers.pop()?.close(done));
    const result = await postDelivery(url, '{}', {}, relaxed);
    expect(result).toMatchObject({ kind: 'failed', error: expect.stringContaining('ECONNREFUSED') });
  });

  it('refuses loopback targets, by literal or by name, unless private targets are allowed', async () => {
    const url = await receiver((_request, response) => response.end());
    const strict = { ...relaxed, policy: { allowPrivate: false } };
    expect(await postDelivery(url, '{}', {}, strict)).toEqual({ kind: 'failed', error: '127.0.0.1 is a loopback address, which webhooks may not call' });
    const byName = url.replace('127.0.0.1', 'localhost');
    expect(await postDelivery(byName, '{}', {}, strict)).toMatchObject({ kind: 'failed', error: expect.stringMatching(/^localhost is a loopback address/) });
  });

  it('connects by name to the address its resolver gives', async () => {
    const url = await receiver((_request, response) => response.writeHead(204).end());
    expect(await postDelivery(url.replace('127.0.0.1', 'localhost'), '{}', {}, relaxed)).toEqual({ kind: 'answered', status: 204 });
  });

  it('fails on a name its resolver does not know', async () => {
    const result = await postDelivery('http://unknown.hooks.test/hook', '{}', {}, relaxed);
    expect(result).toEqual({ kind: 'failed', error: expect.stringContaining('unknown.hooks.test has no address') });
  });

  it('stops at once when aborted', async () => {
    const url = await receiver(() => undefined);
    const controller = new AbortController();
    const attempt = postDelivery(url, '{}', {}, { ...relaxed, signal: controller.signal });
    controller.abort();
    expect(await attempt).toEqual({ kind: 'aborted' });
  });
});
