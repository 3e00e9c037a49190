/**
 * DNS resolution for a delivery that refuses non-public addresses: the check and the connection use
 * the same answer, so a name that resolves to a public address for the check and to a private one
 * for the connection (DNS rebinding) cannot slip through.
 */
import { isIP, type LookupFunction } from 'node:net';
import { classifyAddress, type AddressKind } from './address-classifier';
import type { HostResolver } from './host-resolver';
import type { TargetPolicy } from './webhook-url-policy';

class TargetRefusedError extends Error {
  readonly code = 'ETARGETREFUSED';

  constructor(host: string, kind: AddressKind) {
    super(`${host} is a ${kind.replace('_', '-')} address, which webhooks may not call`);
    this.name = 'TargetRefusedError';
  }
}

/** Why the policy refuses this address, or null when it may be called. */
function refusedKind(address: string, policy: TargetPolicy): AddressKind | null {
  const kind = classifyAddress(address);
  return policy.allowPrivate || kind === null || kind === 'public' ? null : kind;
}

/** The refusal for an IP literal host, which a connection never looks up. */
export function refusalOfLiteral(host: string, policy: TargetPolicy): TargetRefusedError | null {
  const kind = refusedKind(host, policy);
  return kind === null ? null : new TargetRefusedError(host, kind);
}

/** 4, 6, or 0 for either, however the connection named it. */
function familyNumber(family: number | 'IPv4' | 'IPv6' | undefined): number {
  if (family === 'IPv4') return 4;
  if (family === 'IPv6') return 6;
  return family ?? 0;
}

/** A `lookup` for http.request that answers, through `resolve`, only with addresses the policy allows. */
export function guardedLookup(policy: TargetPolicy, resolve: HostResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (resolved) => {
        const wanted = familyNumber(options.family);
        const addresses = resolved.map((address) => ({ address, family: isIP(address) })).filter((entry) => wanted === 0 || entry.family === wanted);
        // Every answer must pass: the connection may try any of them.
        const refused = addresses.map((entry) => refusedKind(entry.address, policy)).find((kind) => kind !== null);
        if (refused) return callback(new TargetRefusedError(hostname, refused), '');
        const first = addresses[0];
        if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
        return options.all ? callback(null, addresses) : callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), ''),
    );
  };
}
