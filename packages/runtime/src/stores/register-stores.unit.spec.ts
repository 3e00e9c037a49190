/** What the port tokens resolve to once a profile's stores are registered. */
import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { container } from 'tsyringe';
import { TOKENS } from '../tokens';
import { registerStores } from './register-stores';
import type { Stores } from './stores';

describe('registering the stores', () => {
  it('resolves the catch-up runner to null for a profile without one (the projector builds on its own thread)', () => {
    const scope = container.createChildContainer();
    // Only the runner is looked at; the other ports are registered as they are given.
    registerStores(scope, { catchUps: null } as unknown as Stores);

    expect(scope.resolve(TOKENS.catchUpRunner)).toBeNull();
  });
});
