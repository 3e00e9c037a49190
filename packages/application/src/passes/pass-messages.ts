/**
 * Messages to a pass's holder, for campaigns and automations: a SendMessage command on the pass's own
 * stream, which refuses a voided pass and records nothing for a source that messaged the pass before, so
 * a sender that resumes or repeats itself never messages anyone twice. The caller names itself in the
 * context's actor (`campaign:{id}`, `automation:{id}`). Read models are not awaited: senders work in bulk.
 */
import { passAggregate, streamNames, type MessageSentData, type MessageSource } from '@passes/domain';
import type { Clock } from '../shared/clock';
import type { CommandContext } from '../shared/command-context';
import type { CommandHandler } from '../shared/command-handler';

export interface PassMessage {
  header: string;
  body: string;
}

/** What became of one message: the fact recorded, or `already_sent` when its source had messaged the pass. */
export type MessageOutcome = { sent: MessageSentData } | 'already_sent';

export class PassMessages {
  constructor(
    private readonly commands: CommandHandler,
    private readonly clock: Clock,
    /** Whether the service updates Google Wallet objects (its wallet settings name a Google issuer). */
    private readonly googleWallet: boolean,
  ) {}

  /** Throws the pass's refusal: `not_found`, or `invalid_state` for a voided pass. */
  async send(target: { businessId: string; passId: string }, message: PassMessage, source: MessageSource, context: CommandContext): Promise<MessageOutcome> {
    const result = await this.commands.handle(passAggregate, { stream: streamNames.pass(target.passId), businessId: target.businessId, context }, () => ({
      type: 'SendMessage' as const,
      message: { header: message.header, body: message.body },
      source,
      googleWallet: this.googleWallet,
      now: this.clock.now(),
    }));
    const [event] = result.events;
    return event?.type === 'MessageSent' ? { sent: event.data } : 'already_sent';
  }
}
