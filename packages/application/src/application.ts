/** Every use case of the service, built from the ports it runs on. Library code: no container needed. */
import type { EventStore } from '@passes/event-store';
import type { Mailer } from '@passes/mailer';
import type { PaymentGateway } from '@passes/payments';
import type { WorkStore } from '@passes/background-work';
import type { ReadModels } from '@passes/read-model';
import { AccessTokens } from './auth/access-tokens';
import { Accounts } from './auth/accounts';
import { ApiKeys } from './auth/api-keys';
import { Authenticator } from './auth/authenticator';
import { Passwords } from './auth/passwords';
import { Sessions } from './auth/sessions';
import { BarcodeSignatures } from './barcodes/barcode-signatures';
import { PassBarcodes } from './barcodes/pass-barcodes';
import { AutomationRunHandler } from './automations/automation-run-handler';
import { AutomationEmailChoices } from './automations/automation-email-choices';
import { UnsubscribeLinks } from './automations/unsubscribe-links';
import { Automations } from './automations/automations';
import { Businesses } from './businesses/businesses';
import { Analytics } from './analytics/analytics';
import { AnalyticsExports } from './analytics/exports/analytics-exports';
import type { ExportFiles } from './analytics/exports/export-files';
import { Enrolments } from './enrolment/enrolments';
import { Audiences } from './campaigns/audience';
import { CampaignSender, type CampaignSenderOptions } from './campaigns/campaign-sender';
import { Campaigns } from './campaigns/campaigns';
import { Milestones } from './milestones/milestones';
import { CustomerPasses } from './customers/customer-passes';
import { CustomerTokens } from './customers/customer-tokens';
import { MagicLinks } from './customers/magic-links';
import { BulkPassCommands } from './passes/bulk-pass-commands';
import { PassCommands } from './passes/pass-commands';
import { PassBrowsing } from './passes/pass-browsing';
import { PassHistory } from './passes/pass-history';
import { PassMessages } from './passes/pass-messages';
import { PassQueries } from './passes/pass-queries';
import { PassRewards } from './passes/pass-rewards';
import { Payments } from './payments/payments';
import { Subscriptions } from './payments/subscriptions';
import { WalletRegistrations } from './passes/wallet-registrations';
import { PlanLimitAdmissions } from './plans/plan-limit-admissions';
import { Plans } from './plans/plans';
import { Scans } from './scans/scans';
import type { Clock } from './shared/clock';
import { CommandHandler } from './shared/command-handler';
import type { IdGenerator } from './shared/id-generator';
import type { ReadYourWrites } from './shared/read-your-writes';
import { Templates } from './templates/templates';
import { TemplateImages } from './template-images/template-images';
import type { TemplateImageStore } from './template-images/template-image-store';
import { Users } from './users/users';
import { Webhooks, type WebhookPorts } from './webhooks/webhooks';

interface ApplicationPorts {
  events: EventStore;
  readModels: ReadModels;
  clock: Clock;
  ids: IdGenerator;
  readYourWrites: ReadYourWrites;
  secretKey: Uint8Array;
  /** `{app_url}` of the spec, the public site barcodes point to; without a trailing slash. */
  appUrl: () => string;
  webhooks: WebhookPorts;
  mailer: Mailer;
  /** Where analytics exports' files are kept. */
  exportFiles: ExportFiles;
  /** Null where no Stripe keys are configured: payments answer `payments_unavailable`. */
  paymentGateway: PaymentGateway | null;
  /** Pro by subscription: the Stripe Price of Pro (null: not offered). */
  proPrice: string | null;
  /** Whether the service updates Google Wallet objects: without it, a pass on no Apple device is in no wallet it reaches. */
  googleWallet?: boolean;
  /** Where every kind of background work is recorded (a campaign's sending, an export, a grace period's end), and how a runner in this process is told it is due now. */
  work: WorkStore;
  wakeWork: () => void;
  templateImages: TemplateImageStore;
}

export class Application {
  readonly accounts: Accounts;
  readonly apiKeys: ApiKeys;
  readonly authenticator: Authenticator;
  readonly businesses: Businesses;
  readonly plans: Plans;
  readonly templates: Templates;
  readonly templateImages: TemplateImages;
  readonly milestones: Milestones;
  readonly passes: PassQueries;
  readonly passRewards: PassRewards;
  readonly passCommands: PassCommands;
  readonly bulkPassCommands: BulkPassCommands;
  readonly passHistory: PassHistory;
  readonly passMessages: PassMessages;
  readonly walletRegistrations: WalletRegistrations;
  readonly passBarcodes: PassBarcodes;
  readonly scans: Scans;
  readonly webhooks: Webhooks;
  readonly customerPasses: CustomerPasses;
  readonly magicLinks: MagicLinks;
  readonly analytics: Analytics;
  readonly analyticsExports: AnalyticsExports;
  readonly users: Users;
  readonly passwords: Passwords;
  readonly sessions: Sessions;
  readonly passBrowsing: PassBrowsing;
  readonly enrolments: Enrolments;
  readonly payments: Payments;
  readonly subscriptions: Subscriptions;
  readonly campaigns: Campaigns;
  private readonly sender: (options: CampaignSenderOptions) => CampaignSender;
  readonly automations: Automations;
  /** Carries out automation runs: registered on the work runner of the process that runs automations. */
  readonly automationRuns: AutomationRunHandler;
  /** The holder's choice of automation emails, by the unsubscribe link each of them carries. */
  readonly automationEmails: AutomationEmailChoices;

  constructor(ports: ApplicationPorts) {
    const { events, readModels, clock, ids, readYourWrites } = ports;
    const tokens = new AccessTokens(ports.secretKey, clock);
    const commands = new CommandHandler(events);
    this.accounts = new Accounts(commands, readModels, tokens, clock, ids, readYourWrites);
    this.apiKeys = new ApiKeys(commands, readModels, clock, ids, readYourWrites);
    this.authenticator = new Authenticator(readModels, tokens);
    const userPorts = { commands, readModels, tokens, mailer: ports.mailer, appUrl: ports.appUrl, clock, ids, readYourWrites };
    this.users = new Users(userPorts);
    this.passwords = new Passwords(userPorts);
    this.sessions = new Sessions(userPorts);
    this.businesses = new Businesses(commands, readModels, clock, readYourWrites);
    this.passes = new PassQueries(readModels);
    this.passBrowsing = new PassBrowsing(readModels, this.passes);
    this.plans = new Plans(readModels);
    // One per process: every creation a plan limits, by whichever use case, is held in the same place.
    const admissions = new PlanLimitAdmissions(this.plans);
    this.templates = new Templates(commands, readModels, clock, ids, readYourWrites, admissions);
    this.templateImages = new TemplateImages(this.templates, ports.templateImages, ports.appUrl);
    this.milestones = new Milestones(commands, readModels, this.plans, clock, ids, readYourWrites);
    this.passRewards = new PassRewards(this.passes, this.milestones, clock);
    this.passCommands = new PassCommands(commands, readModels, this.passes, this.templates, this.milestones, clock, ids, readYourWrites, admissions);
    this.enrolments = new Enrolments(this.templates, this.passes, this.passCommands, ports.mailer, ports.appUrl);
    this.bulkPassCommands = new BulkPassCommands(this.passCommands, this.passes, this.plans);
    this.passHistory = new PassHistory(events, this.passes);
    this.passMessages = new PassMessages(commands, clock, ports.googleWallet ?? false);
    this.walletRegistrations = new WalletRegistrations(commands, clock, readYourWrites);
    const signatures = new BarcodeSignatures(ports.secretKey);
    this.passBarcodes = new PassBarcodes(this.templates, signatures, ports.appUrl);
    this.scans = new Scans(commands, this.passes, this.templates, this.milestones, signatures, clock, readYourWrites);
    this.webhooks = new Webhooks(commands, readModels, ports.webhooks, clock, ids, readYourWrites, admissions);
    const customerTokens = new CustomerTokens(ports.secretKey, clock);
    this.customerPasses = new CustomerPasses(readModels, customerTokens);
    this.magicLinks = new MagicLinks(this.customerPasses, customerTokens, ports.mailer, ports.appUrl);
    this.analytics = new Analytics(readModels);
    this.analyticsExports = new AnalyticsExports(commands, readModels, this.plans, clock, ids, readYourWrites, { work: ports.work, files: ports.exportFiles, wake: ports.wakeWork }, { events, readModels, analytics: this.analytics }, ports.appUrl);
    this.subscriptions = new Subscriptions(ports.paymentGateway, ports.proPrice, commands, events, this.businesses, this.plans, ports.work, clock, ids, ports.appUrl);
    this.payments = new Payments(ports.paymentGateway, commands, readModels, this.plans, clock, ids, readYourWrites, ports.appUrl, this.subscriptions);
    const audiences = new Audiences(readModels);
    const googleWallet = ports.googleWallet ?? false;
    this.campaigns = new Campaigns(commands, readModels, this.plans, audiences, ports.work, clock, ids, readYourWrites, { googleWallet, wake: ports.wakeWork });
    this.sender = (options) => new CampaignSender(commands, this.passMessages, audiences, ports.work, clock, options);
    this.automations = new Automations(commands, readModels, this.passes, this.plans, clock, ids, readYourWrites, googleWallet);
    this.automationRuns = new AutomationRunHandler(commands, this.milestones, this.plans, clock, googleWallet);
    this.automationEmails = new AutomationEmailChoices(commands, readModels, new UnsubscribeLinks(ports.secretKey, ports.appUrl), clock, readYourWrites);
  }

  /** The handler of `campaigns.send`, for the process whose runner sends campaigns. */
  campaignSender(options: CampaignSenderOptions): CampaignSender {
    return this.sender(options);
  }
}
