/**
 * The bodies the service reads outside the JSON API (the pages' forms, Stripe's notices) are refused as
 * the JSON API's are when they cannot be read: too large 413, another charset or an unknown
 * Content-Encoding 415, never a 500 and never an error in the log. A page answers with a page.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CapturedLog } from './testing/captured-log';
import { TestServer } from './testing/test-server';

const log = new CapturedLog();
let server: TestServer;

beforeAll(async () => {
  server = await TestServer.start(undefined, {}, { logger: log.logger });
});

afterAll(async () => {
  await server.stop();
});

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** node:http, to send the headers a browser would never send with a form. */
function post(pathname: string, body: Buffer, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${server.rootUrl}${pathname}`, { method: 'POST', headers: { 'content-length': body.length, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'] ?? '', text: Buffer.concat(chunks).toString('utf8') }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const FORM = 'application/x-www-form-urlencoded';
const formOf = (bytes: number) => Buffer.from(`email=${'a'.repeat(bytes)}%40example.com`);

describe('a page form the server cannot read', () => {
  it.each([
    ['the customer link page', '/customer/link', 4 * 1024],
    ['a join page', '/join/no-such-code', 16 * 1024],
    ['a top-up form', '/passes/PASS-SERIAL/secret/topup', 1024],
  ])('on %s, larger than its limit, is a 413 page', async (_page, pathname, limit) => {
    const answer = await post(pathname, formOf(limit + 1), { 'content-type': FORM });

    expect(answer.status).toBe(413);
    expect(answer.contentType).toContain('text/html');
    expect(answer.text).toContain('This form could not be sent');
  });

  it('in another charset than UTF-8 is a 415 page', async () => {
    const answer = await post('/customer/link', formOf(10), { 'content-type': `${FORM}; charset=latin1` });

    expect(answer.status).toBe(415);
    expect(answer.contentType).toContain('text/html');
  });

  it('with an unknown Content-Encoding is a 415 page', async () => {
    const answer = await post('/join/no-such-code', formOf(10), { 'content-type': FORM, 'content-encoding': 'bogus' });

    expect(answer.status).toBe(415);
    expect(answer.text).toContain('This form could not be sent');
  });

  it('within its limit is read as before: the customer link page answers "check your email"', async () => {
    const answer = await post('/customer/link', Buffer.from('email=someone%40example.com'), { 'content-type': FORM });

    expect(answer.status).toBe(200);
    expect(answer.text).toContain('Check your email');
  });
});

describe("a Stripe notice the server cannot read", () => {
  it('over 1 MiB is 413 with the standard error body', async () => {
    const answer = await post('/api/v1/payments/stripe/events', Buffer.alloc(1_048_577, 0x20), { 'content-type': 'application/json' });

    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ error: { code: 'payload_too_large', status: 413 } });
  });

  it('whose bytes do not match their Content-Encoding is 400', async () => {
    const answer = await post('/api/v1/payments/stripe/events', Buffer.from('not gzip at all'), { 'content-type': 'application/json', 'content-encoding': 'gzip' });

    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ error: { code: 'bad_request' } });
  });
});

it('logs none of these refusals as an error', () => {
  expect(log.lines.filter((line) => line.includes('"level":"error"'))).toEqual([]);
});
