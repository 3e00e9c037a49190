/**
 * Wallets registering a pass for updates (Apple's PassKit web service) and the service forgetting a
 * device APNs refused: pass commands like any other, each a PassInstalled or PassUninstalled that the
 * webhooks report as pass.installed / pass.uninstalled. Callers have already authenticated the wallet.
 */
import { passAggregate, streamNames, type Pass, type PassCommand } from '@passes/domain';
import type { Clock } from '../shared/clock';
import type { CommandContext } from '../shared/command-context';
import type { CommandHandler } from '../shared/command-handler';
import { awaitReadModels, type ReadYourWrites } from '../shared/read-your-writes';

interface RegistrationResult {
  /** False when the device was already registered so (or not registered at all, for an unregistration). */
  changed: boolean;
  pass: Pass | null;
}

export class WalletRegistrations {
  constructor(
    private readonly commands: CommandHandler,
    private readonly clock: Clock,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  register(pass: Pass, deviceLibraryIdentifier: string, pushToken: string, context: CommandContext): Promise<RegistrationResult> {
    return this.run(pass, context, () => ({ type: 'RegisterDevice', deviceLibraryIdentifier, pushToken, now: this.clock.now() }));
  }

  unregister(pass: Pass, deviceLibraryIdentifier: string, context: CommandContext): Promise<RegistrationResult> {
    return this.run(pass, context, () => ({ type: 'UnregisterDevice', deviceLibraryIdentifier, now: this.clock.now() }));
  }

  rejectPushToken(pass: Pass, deviceLibraryIdentifier: string, pushToken: string, context: CommandContext): Promise<RegistrationResult> {
    return this.run(pass, context, () => ({ type: 'RejectPushToken', deviceLibraryIdentifier, pushToken, now: this.clock.now() }));
  }

  private async run(pass: Pass, context: CommandContext, command: () => PassCommand): Promise<RegistrationResult> {
    const result = await this.commands.handle(passAggregate, { stream: streamNames.pass(pass.id), businessId: pass.businessId, context }, command);
    if (result.position !== null) await awaitReadModels(this.readYourWrites, result.position, context);
    return { changed: result.events.length > 0, pass: result.state };
  }
}
