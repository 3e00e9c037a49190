/**
 * The holder's choice of automation emails for one pass, reached by the pass's unsubscribe link
 * (unsubscribe-links.ts): a GET finds the pass and changes nothing (mail scanners follow links), a POST
 * stops the emails or turns them back on as a command on the pass, whose stream the runs decide on.
 */
import { passAggregate, streamNames, type Pass, type PassCommand } from '@passes/domain';
import type { ReadModels } from '@passes/read-model';
import type { Clock } from '../shared/clock';
import type { CommandContext } from '../shared/command-context';
import type { CommandHandler } from '../shared/command-handler';
import { awaitReadModels, type ReadYourWrites } from '../shared/read-your-writes';
import type { UnsubscribeLinks } from './unsubscribe-links';

/** A pass as its unsubscribe link shows it: with the names its holder knows it by. */
export interface LinkedPass {
  pass: Pass;
  businessName: string;
  templateName: string;
}

export class AutomationEmailChoices {
  constructor(
    private readonly commands: CommandHandler,
    private readonly readModels: Pick<ReadModels, 'passes' | 'businesses' | 'templates'>,
    readonly links: UnsubscribeLinks,
    private readonly clock: Clock,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  /** The pass a link names, or null for a wrong token or an unknown pass. */
  async byLink(passId: string, token: string): Promise<LinkedPass | null> {
    if (!this.links.isToken(passId, token)) return null;
    const pass = await this.readModels.passes.get(passId);
    if (pass === null) return null;
    const [business, template] = await Promise.all([this.readModels.businesses.get(pass.businessId), this.readModels.templates.get(pass.templateId)]);
    return { pass, businessName: business?.name ?? '', templateName: template?.name ?? '' };
  }

  /** The pass as the choice leaves it. */
  stop(pass: Pass, context: CommandContext): Promise<Pass> {
    return this.run(pass, context, () => ({ type: 'StopAutomationEmails', now: this.clock.now() }));
  }

  resume(pass: Pass, context: CommandContext): Promise<Pass> {
    return this.run(pass, context, () => ({ type: 'ResumeAutomationEmails', now: this.clock.now() }));
  }

  private async run(pass: Pass, context: CommandContext, command: () => PassCommand): Promise<Pass> {
    const result = await this.commands.handle(passAggregate, { stream: streamNames.pass(pass.id), businessId: pass.businessId, context }, command);
    if (result.position !== null) await awaitReadModels(this.readYourWrites, result.position, context);
    return result.state ?? pass;
  }
}
