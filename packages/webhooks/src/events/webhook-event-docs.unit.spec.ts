/** The docs name every event a webhook can subscribe to: webhooks.md's table and api.md's list of `events`. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { WEBHOOK_EVENT_NAMES } from '@passes/domain';

const DOCS = path.resolve(__dirname, '../../../../docs');
const read = (name: string) => fs.readFileSync(path.join(DOCS, name), 'utf8');

describe('the webhook events in the docs', () => {
  it('given webhooks.md’s events table, then it has a row for every event', () => {
    const rows = read('webhooks.md')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|')[1] ?? '');

    expect(WEBHOOK_EVENT_NAMES.filter((name) => !rows.some((row) => row.includes(`\`${name}\``)))).toEqual([]);
  });

  it('given api.md’s registration of a webhook, then its `events` list names every event', () => {
    const listed = /`events` from `([^`]*)`/.exec(read('api.md'))?.[1]?.split(', ') ?? [];

    expect([...listed].sort()).toEqual([...WEBHOOK_EVENT_NAMES].sort());
  });
});
