import { randomUUID } from 'node:crypto';
import { expect } from '@jest/globals';
import { type ExpectedRevision, type NewEvent, type RecordedEvent, WrongExpectedRevisionError } from '../../event-store';
import { isAfter, type Position } from '../../position';

/** The contract also runs against a shared server, so every test works on names nobody else uses. */
export function uniqueName(label: string): string {
  return `${label}-${randomUUID().replaceAll('-', '')}`;
}

export function newEvent(type: string, data: Record<string, unknown> = {}, id?: string): NewEvent {
  return {
    ...(id === undefined ? {} : { id }),
    type,
    data,
    metadata: {
      correlation_id: randomUUID(),
      causation_id: null,
      business_id: null,
      actor: 'contract-test',
      schema_version: 1,
    },
  };
}

export function newEvents(type: string, count: number): NewEvent[] {
  return Array.from({ length: count }, (_, index) => newEvent(type, { index }));
}

export async function expectWrongRevision(
  append: Promise<unknown>,
  expected: { stream: string; expected: ExpectedRevision; actual: number | 'no_stream' },
): Promise<void> {
  const error = await append.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  expect(error).toMatchObject(expected);
}

/** Bounded wait for live delivery: polls the condition rather than sleeping a fixed time. */
export async function waitUntil(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await pause(10);
  }
}

export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function positionsOf(events: readonly RecordedEvent[]): Position[] {
  return events.map((event) => event.position);
}

export function expectStrictlyIncreasing(positions: readonly Position[]): void {
  for (let index = 1; index < positions.length; index += 1) {
    expect(isAfter(positions[index] ?? null, positions[index - 1] ?? null)).toBe(true);
  }
}
