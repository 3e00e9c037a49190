/**
 * A dashboard user's sessions: each access token is one, which its user ends by logging out. The user's
 * stream records it (`UserLoggedOut`), and the authenticator refuses that token on every API process from the
 * next request, though it has not run out; the user's other sessions go on.
 */
import { streamNames, userAggregate } from '@passes/domain';
import type { CommandContext } from '../shared/command-context';
import { awaitReadModels } from '../shared/read-your-writes';
import type { UserPorts } from '../users/users';
import type { Principal } from './authenticator';

export class Sessions {
  constructor(private readonly ports: Pick<UserPorts, 'commands' | 'clock' | 'readYourWrites'>) {}

  /** Ends the session the user's request came with; a token of before sessions had ids runs out on its own. */
  async end(principal: Extract<Principal, { kind: 'user' }>, context: CommandContext): Promise<void> {
    const { session } = principal;
    if (session === null) return;
    const stream = streamNames.user(principal.userId);
    const command = { type: 'EndSession', sessionId: session.id, sessionExpiresAt: session.expiresAt, now: this.ports.clock.now() } as const;
    const result = await this.ports.commands.handle(userAggregate, { stream, businessId: principal.businessId, context }, () => command);
    if (result.position !== null) await awaitReadModels(this.ports.readYourWrites, result.position, context);
  }
}
