/**
 * Which URLs a webhook may point at, checked at registration. The same rule runs again at delivery
 * against the addresses the host name resolves to then (target-lookup.ts): a name can change.
 */
import { classifyAddress, type AddressKind } from './address-classifier';
import type { HostResolver } from './host-resolver';

export interface TargetPolicy {
  /** `PASSES_WEBHOOK_ALLOW_PRIVATE`: http and loopback/private targets, for local development and tests. */
  allowPrivate: boolean;
}

/** Names that always mean this machine or a metadata service, whatever DNS says. */
const LOCAL_NAMES = [/^localhost$/, /\.localhost$/, /^metadata\.google\.internal$/];

type UrlCheck = { problem: string } | { problem: null; host: string; isAddress: boolean };

function checkUrl(text: string, policy: TargetPolicy): UrlCheck {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: 'must be an absolute URL' };
  }
  const schemes = policy.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) return { problem: policy.allowPrivate ? 'must be an http or https URL' : 'must be an https URL' };
  // Credentials in the URL would be recorded in plain text in the event.
  if (url.username !== '' || url.password !== '') return { problem: 'must not contain credentials' };
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const kind = classifyAddress(host);
  if (policy.allowPrivate) return { problem: null, host, isAddress: kind !== null };
  if (kind !== null && kind !== 'public') return { problem: forbidden(kind) };
  if (kind === null && LOCAL_NAMES.some((name) => name.test(host))) return { problem: 'must not point to this machine or a metadata service' };
  return { problem: null, host, isAddress: kind !== null };
}

function forbidden(kind: AddressKind, host?: string): string {
  const what = `must not point to a ${kind.replace('_', '-')} address`;
  return host === undefined ? what : `${what} (${host} resolves to one)`;
}

/** What is wrong with the URL itself as a webhook target, or null when it may be registered. */
export function webhookUrlProblem(text: string, policy: TargetPolicy): string | null {
  return checkUrl(text, policy).problem;
}

/**
 * The registration check: the URL itself, then every address its host name resolves to now (any one of
 * them is what a connection may use). A name that does not resolve cannot be checked, so it is refused.
 */
export async function webhookTargetProblem(text: string, policy: TargetPolicy, resolve: HostResolver): Promise<string | null> {
  const check = checkUrl(text, policy);
  if (check.problem !== null || check.isAddress || policy.allowPrivate) return check.problem;
  let addresses: string[];
  try {
    addresses = await resolve(check.host);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) return `must name a host that resolves to an address (${check.host} does not)`;
  const refused = addresses.map(classifyAddress).find((kind) => kind !== null && kind !== 'public');
  return refused ? forbidden(refused, check.host) : null;
}
