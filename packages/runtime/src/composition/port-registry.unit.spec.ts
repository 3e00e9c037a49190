/** What a process's registry gives back for its tokens. */
import { describe, expect, it } from '@jest/globals';
import { TOKENS } from '../tokens';
import { PortRegistry } from './port-registry';

describe('the port registry', () => {
  it('gives back a null port as null (a profile whose projector builds on its own thread has no catch-up runner)', () => {
    const registry = new PortRegistry().provide(TOKENS.catchUpRunner, null);

    expect(registry.get(TOKENS.catchUpRunner)).toBeNull();
  });

  it('does not compile a port registered under another port\'s token', () => {
    const registry = new PortRegistry();
    // @ts-expect-error: a clock is not a mailer.
    registry.provide(TOKENS.mailer, { now: () => new Date(0) });
    // @ts-expect-error: what a token resolves to is its own type.
    const clock: { now(): Date } = registry.get(TOKENS.mailer);

    expect(clock).toBeDefined();
  });

  it('refuses a token nothing was registered under', () => {
    expect(() => new PortRegistry().get(TOKENS.mailer)).toThrow();
  });

  it('keeps registries apart: two embedded servers in one test run do not share ports', () => {
    const ids = (id: string) => ({ newId: () => id, randomBytes: (size: number) => new Uint8Array(size) });
    const first = new PortRegistry().provide(TOKENS.ids, ids('first'));
    const second = new PortRegistry().provide(TOKENS.ids, ids('second'));

    expect(first.get(TOKENS.ids).newId()).toBe('first');
    expect(second.get(TOKENS.ids).newId()).toBe('second');
  });
});
