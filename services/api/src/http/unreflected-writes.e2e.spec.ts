/**
 * A write its command marked unreflected (the read models' wait gave up) answers 202 with Retry-After where
 * it would have answered 200 or 201; any other answer, and an unmarked write, goes out as it was made.
 */
import { describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createAppServer } from './app-server';
import { answerJsonDirectly } from './json-answers';
import { markerOfUnreflected } from './unreflected-writes';

async function answerOf(status: number, marked: boolean): Promise<Response> {
  const app = express();
  answerJsonDirectly(app);
  app.post('/', (_request, response) => {
    const onUnreflected = markerOfUnreflected(response);
    if (marked) onUnreflected();
    response.status(status).json({ id: 'pass' });
  });
  const server = createAppServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { method: 'POST' });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('an unreflected write', () => {
  it.each([200, 201])('answers %i as 202 with Retry-After and its body, once its command marked it', async (status) => {
    const answer = await answerOf(status, true);
    expect(answer.status).toBe(202);
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(await answer.json()).toEqual({ id: 'pass' });
  });

  it('keeps the status of a write its command did not mark', async () => {
    const answer = await answerOf(201, false);
    expect(answer.status).toBe(201);
    expect(answer.headers.get('retry-after')).toBeNull();
  });

  it('keeps an answer other than 200 or 201, marked or not', async () => {
    const answer = await answerOf(409, true);
    expect(answer.status).toBe(409);
    expect(answer.headers.get('retry-after')).toBeNull();
  });
});
