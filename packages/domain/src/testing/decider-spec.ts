/** Given past events, when a command, then these new events or this refusal: decider specs read as sentences. */
import { expect } from '@jest/globals';
import { replay, type Decider } from '../shared/decider';
import { DomainError, type DomainErrorCode } from '../shared/domain-error';

export function deciderSpec<Command, Event, State>(decider: Decider<Command, Event, State>) {
  return {
    given: (history: readonly Event[]) => ({
      when: (command: Command) => {
        const decide = (): Event[] => decider.decide(command, replay(decider, history));
        return {
          then: (expected: readonly Event[]): void => {
            expect(decide()).toEqual(expected);
          },
          /** Returns the refusal so a spec can go on to check its message and details. */
          thenThrows: (code: DomainErrorCode): DomainError => {
            const error = thrownBy(decide);
            expect(error.code).toBe(code);
            return error;
          },
        };
      },
    }),
  };
}

function thrownBy(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('Expected a DomainError, but the command was accepted.');
}
