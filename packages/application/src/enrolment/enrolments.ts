/**
 * Self-enrolment (issue 38): a customer gets a pass from a template's public join page. A new email gets a
 * new pass, issued as any pass is (it counts toward the plan, and webhooks hear `pass.created`) with the
 * enrolment as its actor; an email that already has a pass of the template gets nothing new. Either way
 * the link to the pass goes by email, so the page can say the same in both cases.
 */
import { PlanRefusal, type Pass, type Template } from '@passes/domain';
import type { Mailer } from '@passes/mailer';
import type { PassCommands } from '../passes/pass-commands';
import type { PassQueries } from '../passes/pass-queries';
import type { Templates } from '../templates/templates';
import { joinEmail } from './join-email';

export interface JoinInput {
  customerName: string;
  customerEmail: string;
  /** `YYYY-MM-DD`, kept as the pass's `metadata.birthday`. */
  birthday: string | null;
  phone: string | null;
}

/** What a join did: a new pass, a pass the email already had, or nothing, the plan being full. */
export type JoinOutcome = { kind: 'issued'; pass: Pass } | { kind: 'existing'; pass: Pass } | { kind: 'closed' };

export class Enrolments {
  constructor(
    private readonly templates: Templates,
    private readonly passes: PassQueries,
    private readonly passCommands: PassCommands,
    private readonly mailer: Mailer,
    private readonly appUrl: () => string,
  ) {}

  /** The public join page's address; null while enrolment is closed. */
  readonly joinUrlOf = (template: Template): string | null =>
    template.enrolment.enabled && template.enrolment.joinCode !== null ? `${this.appUrl()}/join/${template.enrolment.joinCode}` : null;

  /** The template open for enrolment under this code, or null (unknown, or closed). */
  async openTemplate(joinCode: string): Promise<Template | null> {
    const template = await this.templates.byJoinCode(joinCode);
    return template?.enrolment.enabled ? template : null;
  }

  async join(template: Template, input: JoinInput, correlationId: string): Promise<JoinOutcome> {
    const scope = { businessId: template.businessId, mode: 'live' as const };
    const existing = (await this.passes.byEmail(scope, input.customerEmail)).find((pass) => pass.templateId === template.id && pass.status !== 'voided');
    if (existing) return { kind: 'existing', pass: existing };
    const metadata = { ...(input.birthday === null ? {} : { birthday: input.birthday }), ...(input.phone === null ? {} : { phone: input.phone }) };
    try {
      const pass = await this.passCommands.issue(
        scope,
        { templateId: template.id, customerName: input.customerName, customerEmail: input.customerEmail, externalId: null, points: 0, initialBalanceMinor: null, barcodeData: null, nfcData: null, metadata },
        { actor: `enrolment:${template.id}`, correlationId },
      );
      return { kind: 'issued', pass };
    } catch (error) {
      // A full plan closes the page for now; the business sees it on its plan, the customer a kind word.
      if (error instanceof PlanRefusal) return { kind: 'closed' };
      throw error;
    }
  }

  /** Mails the link to the pass a join issued or found. */
  async mailLink(template: Template, email: string, link: string): Promise<void> {
    await this.mailer.send(joinEmail(email, template.name, link));
  }
}
