/**
 * DNS resolution for a delivery that refuses non-public addresses: the check and the connection use
 * the same answer, so a name that resolves to a public address for the check and to a private one
 * for the connection (DNS rebinding) cannot slip through.
 */
import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { classifyAddress, type AddressKind } from './address-classifier';
import type { TargetPolicy } from './webhook-url-policy';

export class TargetRefusedError extends Error {
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

/** A `lookup` for http.request that answers only with addresses the policy allows. */
export function guardedLookup(policy: TargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { family: options.family ?? 0, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      // Every answer must pass: the connection may try any of them.
      const refused = addresses.map((entry) => refusedKind(entry.address, policy)).find((kind) => kind !== null);
      if (refused) return callback(new TargetRefusedError(hostname, refused), '');
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
      return options.all ? callback(null, addresses) : callback(null, first.address, first.family);
    });
  };
}
