/**
 * Bodies that cannot be read — corrupt or truncated compression, unsupported encodings and charsets,
 * bytes that are not UTF-8 — are the caller's mistake: a 4xx with the standard error body on a route that
 * exists, 404 on one that doesn't, never a 500.
 */
import { request } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { issuePass, registerBusiness, type TestBusiness } from './testing/fixtures';
import { TestServer } from './testing/test-server';

let server: TestServer;
let business: TestBusiness;

beforeAll(async () => {
  server = await TestServer.start();
  business = await registerBusiness(server);
});

afterAll(async () => {
  await server.stop();
});

interface RawRequest {
  method?: string;
  body: Uint8Array;
  headers?: Record<string, string>;
}

interface ErrorAnswer {
  status: number;
  body: { error: { code: string; status: number; message: string } };
}

/** node:http rather than fetch, which refuses a GET with a body. */
function send(pathname: string, { method = 'POST', body, headers = {} }: RawRequest): Promise<ErrorAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${server.baseUrl}${pathname}`, { method, headers: { 'content-type': 'application/json', 'content-length': body.length, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as ErrorAnswer['body'] }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const loginJson = Buffer.from(JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' }));
const notCompressed = Buffer.from('this is not compressed at all');
const truncatedGzip = gzipSync(loginJson).subarray(0, 20);

describe('a body that does not match its Content-Encoding', () => {
  it.each([
    ['gzip', notCompressed],
    ['deflate', notCompressed],
    ['br', notCompressed],
    ['gzip', truncatedGzip],
  ])('Content-Encoding %s with a broken body answers 400 bad_request', async (encoding, body) => {
    const response = await send('/auth/login', { body, headers: { 'content-encoding': encoding } });

    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'bad_request', status: 400 });
  });

  it('is refused on a GET of a route that exists', async () => {
    const response = await send('/businesses/me', {
      method: 'GET',
      body: notCompressed,
      headers: { 'content-encoding': 'gzip', authorization: `Bearer ${business.token}` },
    });

    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('bad_request');
  });

  it.each([
    ['POST', '/businesses/{business_id}/templates'],
    ['GET', '/businesses/me'],
  ])('is refused after the credentials: a caller without any learns that first (%s %s)', async (method, pattern) => {
    const path = pattern.replace('{business_id}', business.businessId);
    const response = await send(path, { method, body: notCompressed, headers: { 'content-encoding': 'gzip' } });

    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('unauthorized');
  });

  it('leaves an unknown route 404', async () => {
    for (const method of ['GET', 'POST']) {
      const response = await send('/no-such-route', { method, body: notCompressed, headers: { 'content-encoding': 'gzip' } });

      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
  });

  it('leaves an unknown path under a business 404, with credentials or without', async () => {
    const credentials: Record<string, string>[] = [{ authorization: `Bearer ${business.token}` }, {}];
    for (const headers of credentials) {
      const response = await send(`/businesses/${business.businessId}/no-such-route`, { body: notCompressed, headers: { ...headers, 'content-encoding': 'gzip' } });

      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
  });

  it('is not kept under an Idempotency-Key: the same key with a readable body runs', async () => {
    const headers = { 'idempotency-key': 'broken-then-fixed', authorization: `Bearer ${business.token}` };
    const templates = `/businesses/${business.businessId}/templates`;
    const broken = await send(templates, { body: notCompressed, headers: { ...headers, 'content-encoding': 'gzip' } });
    const fixed = await send(templates, { body: gzipSync(Buffer.from(JSON.stringify({ name: 'Second card' }))), headers: { ...headers, 'content-encoding': 'gzip' } });

    expect(broken.status).toBe(400);
    // A Free business holds one template: the body ran and met the plan, which a replayed 400 would not.
    expect(fixed.status).toBe(402);
  });
});

describe('encodings and charsets', () => {
  it.each([
    ['gzip', gzipSync(loginJson)],
    ['deflate', deflateSync(loginJson)],
    ['br', brotliCompressSync(loginJson)],
  ])('a well-formed %s body is read', async (encoding, body) => {
    const response = await send('/auth/login', { body, headers: { 'content-encoding': encoding } });

    expect(response.status).toBe(401);
  });

  it('an unsupported Content-Encoding answers 415', async () => {
    const response = await send('/auth/login', { body: loginJson, headers: { 'content-encoding': 'compress' } });

    expect(response.status).toBe(415);
    expect(response.body.error).toMatchObject({ code: 'unsupported_media_type', status: 415 });
  });

  it.each(['utf-16le', 'latin1', 'no-such-charset'])('charset %s answers 415', async (charset) => {
    const response = await send('/auth/login', { body: loginJson, headers: { 'content-type': `application/json; charset=${charset}` } });

    expect(response.status).toBe(415);
    expect(response.body.error.code).toBe('unsupported_media_type');
  });

  it('bytes that are not UTF-8 answer 400 instead of being replaced', async () => {
    const body = Buffer.concat([Buffer.from('{"email": "caf'), Buffer.from([0xe9]), Buffer.from('@example.com", "password": "not-the-password"}')]);

    const response = await send('/auth/login', { body });

    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'bad_request', message: 'Request body is not valid UTF-8' });
  });

  it('malformed JSON answers 400 and a body over 1 MiB 413', async () => {
    const malformed = await send('/auth/login', { body: Buffer.from('{"email": ') });
    const large = await send('/auth/login', { body: gzipSync(Buffer.from(JSON.stringify({ email: 'x'.repeat(1_100_000) }))), headers: { 'content-encoding': 'gzip' } });

    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('bad_request');
    expect(large.status).toBe(413);
    expect(large.body.error.code).toBe('payload_too_large');
  });
});

describe('JSON that reads but is not what the route takes', () => {
  it.each([['null'], ['5'], ['"text"']])('%s is any JSON text: it fails the schema with 422, not 400', async (text) => {
    const response = await send(`/businesses/${business.businessId}/templates`, { body: Buffer.from(text), headers: { authorization: `Bearer ${business.token}` } });

    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('validation_error');
  });

  it("a body sent to a pass action is refused naming its fields, not ignored: a stamp's count belongs in the query", async () => {
    const pass = await issuePass(server, business);
    const stamp = (body: unknown) => server.request<ErrorAnswer['body'] & { stamps: number }>('POST', `/businesses/${business.businessId}/passes/${pass.id}/stamp`, { token: business.token, body });

    const refused = await stamp({ count: 3 });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('"path":"count"');
    const stamped = await stamp({});
    expect([stamped.status, stamped.body.stamps]).toEqual([200, 1]);
  });

  it("a body sent to a campaign's send is refused, and the campaign stays a draft", async () => {
    const campaigns = `/businesses/${business.businessId}/campaigns`;
    const draft = await server.request<{ id: string; status: string }>('POST', campaigns, { token: business.token, body: { name: 'Friday', message: { header: 'Double stamps', body: 'This Friday.' } } });

    const refused = await server.request('POST', `${campaigns}/${draft.body.id}/send`, { token: business.token, body: { send_at: '2030-01-01T00:00:00Z' } });
    expect(refused.status).toBe(422);
    expect((await server.request<{ status: string }>('GET', `${campaigns}/${draft.body.id}`, { token: business.token })).body.status).toBe('draft');
  });
});
