/**
 * `PASSES_TRUST_PROXY`: which proxies in front of the service may say who the client is (X-Forwarded-For),
 * in the forms express's `trust proxy` setting accepts: a hop count, or a comma list of addresses, CIDR
 * ranges and the names `loopback`, `linklocal`, `uniquelocal`.
 */
import net from 'node:net';

/** `false`: nobody; a number: that many hops in front of the service; a list: the proxies' addresses. */
export type TrustProxy = false | number | readonly string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The setting, or a message saying what is wrong with the text. */
export function parseTrustProxy(text: string): TrustProxy | string {
  const value = text.trim();
  if (value === '' || value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) return `a hop count must be at most ${MAX_HOPS}`;
    return hops === 0 ? false : hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isAddressOrRange(entry));
  if (wrong !== undefined) return `"${wrong}" is not a hop count, an IP address, a CIDR range or loopback, linklocal, uniquelocal`;
  return entries;
}
