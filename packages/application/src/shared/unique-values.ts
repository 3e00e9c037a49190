/**
 * Uniqueness without transactions across streams: a value is claimed in a reservation stream of its
 * own before the owner's stream is written, and released after the owner lets go of it. A claim whose
 * owner never wrote (a crash in between) is taken over once its grace period has passed.
 */
import { DomainError, reservationDecider, type ReservationEvent } from '@passes/domain';
import { WrongExpectedRevisionError, type EventStore } from '@passes/event-store';
import type { Clock } from './clock';
import type { CommandContext } from './command-context';
import { handleCommand, loadState, toNewEvent } from './command-handler';

const MAX_ATTEMPTS = 5;

export interface UniqueValueClaim {
  stream: string;
  /** Names the value in a refusal, e.g. `external_id`. */
  field: string;
  value: string;
  ownerId: string;
  businessId: string | null;
  /** Whether `holderId`'s own stream shows that it holds the value. */
  isHeldBy(holderId: string): Promise<boolean>;
}

export class UniqueValues {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  /** Claims the value for the owner, or throws DomainError('conflict') when another owner holds it. */
  async reserve(claim: UniqueValueClaim, context: CommandContext): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await loadState(this.store, reservationDecider, claim.stream);
      const holder = state?.ownerId ?? null;
      const holderConfirmed = holder !== null && holder !== claim.ownerId && (await claim.isHeldBy(holder));
      const events: ReservationEvent[] = reservationDecider.decide(
        { type: 'Reserve', field: claim.field, value: claim.value, ownerId: claim.ownerId, holderConfirmed, now: this.clock.now() },
        state,
      );
      if (events.length === 0) return;
      try {
        await this.store.append(
          claim.stream,
          events.map((event) => toNewEvent(event, claim.businessId, context)),
          revision ?? 'no_stream',
        );
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (attempt >= MAX_ATTEMPTS) throw new DomainError('conflict', `'${claim.value}' is being claimed concurrently; retry`);
      }
    }
  }

  async release(claim: Omit<UniqueValueClaim, 'isHeldBy'>, context: CommandContext): Promise<void> {
    await handleCommand(this.store, reservationDecider, { stream: claim.stream, businessId: claim.businessId, context }, () => ({
      type: 'Release' as const,
      ownerId: claim.ownerId,
      now: this.clock.now(),
    }));
  }
}
