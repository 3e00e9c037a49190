import { expect, it } from '@jest/globals';
import { RepeatedFailures } from './repeated-failures';

it('tells a failure once while it lasts, a different one at once, and the same one again after a success', () => {
  const told: string[] = [];
  const failures = new RepeatedFailures((message) => told.push(message));
  failures.failed('database or disk is full');
  failures.failed('database or disk is full');
  failures.failed('disk I/O error');
  failures.failed('disk I/O error');
  failures.succeeded();
  failures.succeeded();
  failures.failed('disk I/O error');
  expect(told).toEqual(['database or disk is full', 'disk I/O error', 'disk I/O error']);
});
