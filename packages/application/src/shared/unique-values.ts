/**
 * Uniqueness without transactions across streams: a value is claimed in a reservation stream of its
 * own before the owner's stream is written, and released after the owner lets go of it. A claim whose
 * owner never wrote (a crash in between) is taken over once its grace period has passed.
 */
import { hash } from 'node:crypto';
import { reservationAggregate } from '@passes/domain';
import type { Clock } from './clock';
import type { CommandContext } from './command-context';
import type { CommandHandler } from './command-handler';

interface UniqueValueClaim {
  stream: string;
  /** Names the value in a refusal, e.g. `external_id`. */
  field: string;
  value: string;
  ownerId: string;
  businessId: string | null;
  /** Whether `holderId`'s own stream shows that it holds the value. */
  isHeldBy(holderId: string): Promise<boolean>;
}

/** Reservation streams are named by the value's hash, so arbitrary caller text never becomes a stream name. */
export function reservationKey(value: string): string {
  return hash('sha256', value, 'hex');
}

export class UniqueValues {
  constructor(
    private readonly commands: CommandHandler,
    private readonly clock: Clock,
  ) {}

  /** Claims the value for the owner, or throws DomainError('conflict') when another owner holds it. */
  async reserve(claim: UniqueValueClaim, context: CommandContext): Promise<void> {
    await this.commands.handle(reservationAggregate, { stream: claim.stream, businessId: claim.businessId, context }, async (state) => {
      const holder = state?.ownerId ?? null;
      // Asked again on every attempt: the holder may have changed between two attempts.
      const holderConfirmed = holder !== null && holder !== claim.ownerId && (await claim.isHeldBy(holder));
      return { type: 'Reserve' as const, field: claim.field, value: claim.value, ownerId: claim.ownerId, holderConfirmed, now: this.clock.now() };
    });
  }

  async release(claim: Omit<UniqueValueClaim, 'isHeldBy'>, context: CommandContext): Promise<void> {
    await this.commands.handle(reservationAggregate, { stream: claim.stream, businessId: claim.businessId, context }, () => ({
      type: 'Release' as const,
      ownerId: claim.ownerId,
      now: this.clock.now(),
    }));
  }
}
