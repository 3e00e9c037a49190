/**
 * Apple's "Wallet Passes Web Service" under `{app_url}/wallet/apple/v1`. Register, unregister and fetch
 * are authenticated by the pass's authenticationToken (`Authorization: ApplePass <token>`), checked
 * before the pass is looked up, so a caller without the token learns nothing of which serial numbers
 * exist; the list of updated passes is authenticated by the device library identifier, as Apple's
 * protocol has it. Answers are values; the route turns them into statuses.
 */
import type { CommandContext, PassQueries, WalletRegistrations } from '@passes/application';
import type { Pass, Template } from '@passes/domain';
import { lookupKeys, type ReadModels } from '@passes/read-model';
import type { PassSecrets } from '../pass-secrets';
import { lastModifiedOf, type WalletPasses } from '../wallet-pass';
import type { AppleWallet } from './apple-wallet';

const AUTHORIZATION = /^ApplePass (\S+)$/;

export type Refusal = 'unauthorized' | 'not_found';

export interface PassRequest {
  passTypeIdentifier: string;
  serialNumber: string;
  /** The Authorization header as sent. */
  authorization: string | undefined;
}

interface UpdatedPasses {
  serialNumbers: string[];
  /** The tag the device sends back as `passesUpdatedSince`: milliseconds since the epoch. */
  lastUpdated: string;
}

/** Who asked: recorded in the pass's events. */
const WALLET_CONTEXT = (correlationId: string): CommandContext => ({ actor: 'wallet:apple', correlationId });

export class PasskitWebService {
  constructor(
    private readonly apple: AppleWallet,
    private readonly secrets: PassSecrets,
    private readonly passes: PassQueries,
    private readonly walletPasses: WalletPasses,
    private readonly registrations: WalletRegistrations,
    private readonly readModels: Pick<ReadModels, 'passes' | 'templates'>,
  ) {}

  /** `created` for a new registration (201), `registered` when it already was (200). */
  async register(request: PassRequest, deviceLibraryIdentifier: string, pushToken: string, correlationId: string): Promise<'created' | 'registered' | Refusal> {
    const pass = await this.authenticated(request);
    if (typeof pass === 'string') return pass;
    const wasRegistered = Object.hasOwn(pass.walletDevices, deviceLibraryIdentifier);
    await this.registrations.register(pass, deviceLibraryIdentifier, pushToken, WALLET_CONTEXT(correlationId));
    return wasRegistered ? 'registered' : 'created';
  }

  async unregister(request: PassRequest, deviceLibraryIdentifier: string, correlationId: string): Promise<'unregistered' | Refusal> {
    const pass = await this.authenticated(request);
    if (typeof pass === 'string') return pass;
    await this.registrations.unregister(pass, deviceLibraryIdentifier, WALLET_CONTEXT(correlationId));
    return 'unregistered';
  }

  /** The device's passes changed after `since` (all of them without it); null when none did (204). */
  async updatedSince(deviceLibraryIdentifier: string, passTypeIdentifier: string, since: string | undefined): Promise<UpdatedPasses | null> {
    if (passTypeIdentifier !== this.apple.settings.passTypeIdentifier) return null;
    const registered = await this.readModels.passes.find('wallet_device', lookupKeys.passByWalletDevice(deviceLibraryIdentifier));
    const templates = new Map<string, Promise<Template | null>>();
    const templateOf = (id: string) => {
      let template = templates.get(id);
      if (!template) {
        template = this.readModels.templates.get(id);
        templates.set(id, template);
      }
      return template;
    };
    const after = since !== undefined && /^\d{1,15}$/.test(since) ? Number(since) : -1;
    const updated: { serialNumber: string; modified: number }[] = [];
    for (const pass of registered) {
      // The index is a lookup key; the pass's own devices are the truth.
      if (!Object.hasOwn(pass.walletDevices, deviceLibraryIdentifier)) continue;
      const template = await templateOf(pass.templateId);
      const modified = Date.parse(template ? lastModifiedOf(pass, template) : pass.updatedAt);
      if (modified > after) updated.push({ serialNumber: pass.serialNumber, modified });
    }
    if (updated.length === 0) return null;
    return { serialNumbers: updated.map((each) => each.serialNumber), lastUpdated: String(Math.max(...updated.map((each) => each.modified))) };
  }

  /** The pass as it is now, unless it has not changed since `ifModifiedSince` (HTTP dates hold whole seconds). */
  async latest(request: PassRequest, ifModifiedSince: string | undefined, now: Date): Promise<{ pkpass: Buffer; lastModified: Date } | 'not_modified' | Refusal> {
    const pass = await this.authenticated(request);
    if (typeof pass === 'string') return pass;
    const walletPass = await this.walletPasses.of(pass);
    if (walletPass === null) return 'not_found';
    const lastModified = new Date(Math.floor(Date.parse(walletPass.lastModified) / 1000) * 1000);
    const since = ifModifiedSince === undefined ? Number.NaN : Date.parse(ifModifiedSince);
    if (!Number.isNaN(since) && lastModified.getTime() <= since) return 'not_modified';
    return { pkpass: await this.apple.pkpassWithImages(walletPass, now), lastModified };
  }

  private async authenticated({ passTypeIdentifier, serialNumber, authorization }: PassRequest): Promise<Pass | Refusal> {
    const token = AUTHORIZATION.exec(authorization ?? '')?.[1];
    if (token === undefined || !this.secrets.isAppleAuthenticationToken(serialNumber, token)) return 'unauthorized';
    if (passTypeIdentifier !== this.apple.settings.passTypeIdentifier) return 'not_found';
    return (await this.passes.bySerialNumber(serialNumber)) ?? 'not_found';
  }
}
