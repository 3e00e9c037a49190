/**
 * Which URLs a webhook may point at, checked at registration. The same rule runs again at delivery
 * against the addresses the host name resolves to then (target-lookup.ts): a name can change.
 */
import { classifyAddress } from './address-classifier';

export interface TargetPolicy {
  /** `PASSES_WEBHOOK_ALLOW_PRIVATE`: http and loopback/private targets, for local development and tests. */
  allowPrivate: boolean;
}

/** Names that always mean this machine or a metadata service, whatever DNS says. */
const LOCAL_NAMES = [/^localhost$/, /\.localhost$/, /^metadata\.google\.internal$/];

/** What is wrong with the URL as a webhook target, or null when it may be registered. */
export function webhookUrlProblem(text: string, policy: TargetPolicy): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an absolute URL';
  }
  const schemes = policy.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) return policy.allowPrivate ? 'must be an http or https URL' : 'must be an https URL';
  // Credentials in the URL would be recorded in plain text in the event.
  if (url.username !== '' || url.password !== '') return 'must not contain credentials';
  if (policy.allowPrivate) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const kind = classifyAddress(host);
  if (kind !== null && kind !== 'public') return `must not point to a ${kind.replace('_', '-')} address`;
  if (kind === null && LOCAL_NAMES.some((name) => name.test(host))) return 'must not point to this machine or a metadata service';
  return null;
}
