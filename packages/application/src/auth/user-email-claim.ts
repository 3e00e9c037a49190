/** A user's email is unique across the service (a login names only an email): claimed before the user is written. */
import { streamNames } from '@passes/domain';
import type { CommandHandler } from '../shared/command-handler';
import { reservationKey } from '../shared/unique-values';

/** The claim of `email` (lowercased) for `userId`; a removed user no longer holds theirs. */
export function userEmailClaim(commands: CommandHandler, email: string, userId: string) {
  return {
    stream: streamNames.userEmailReservation(reservationKey(email)),
    field: 'email',
    value: email,
    ownerId: userId,
    businessId: null,
    isHeldBy: async (holderId: string) => {
      const events = await commands.events.readStream(streamNames.user(holderId));
      return events.length > 0 && events.at(-1)?.type !== 'UserRemoved';
    },
  };
}
