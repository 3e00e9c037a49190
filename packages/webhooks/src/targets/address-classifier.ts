/**
 * Tells what kind of network an IP address belongs to, so webhooks never reach the service's own
 * machine, its private network or a cloud metadata endpoint (SSRF). Only `public` may be called.
 * Parsing and the special-purpose ranges come from ipaddr.js; an IPv6 address that carries an IPv4 one
 * is judged by the IPv4 address it carries, wherever the form puts it.
 */
import ipaddr from 'ipaddr.js';
import { isIP, isIPv4 } from 'node:net';

export type AddressKind = 'public' | 'unspecified' | 'loopback' | 'private' | 'link_local' | 'metadata' | 'multicast' | 'reserved';

/** Cloud metadata services: inside link-local or private ranges, and named for what they are. */
const METADATA_ADDRESSES = ['169.254.169.254', 'fd00:ec2::254'].map((address) => ipaddr.parse(address).toNormalizedString());

/** ipaddr.js range names that are not `reserved`; every other special range is. */
const KIND_OF_RANGE: Readonly<Record<string, AddressKind>> = {
  unicast: 'public',
  unspecified: 'unspecified',
  loopback: 'loopback',
  private: 'private',
  carrierGradeNat: 'private',
  uniqueLocal: 'private',
  deprecatedSiteLocal: 'private',
  linkLocal: 'link_local',
  multicast: 'multicast',
};

/** The IPv4 address in four bytes of an IPv6 address (its 16-bit groups). */
function ipv4Of(bytes: readonly number[]): ipaddr.IPv4 {
  return new ipaddr.IPv4(bytes.map((byte) => byte & 0xff));
}

const high = (group: number) => group >> 8;
const low = (group: number) => group & 0xff;
const last32 = (p: readonly number[]) => ipv4Of([high(p[6]!), low(p[6]!), high(p[7]!), low(p[7]!)]);

/** Where each IPv4-embedding form puts its IPv4 address (several places when the form allows several). */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const p = address.parts;
  switch (address.range()) {
    case 'ipv4Mapped': // ::ffff:0:0/96
    case 'rfc6145': // ::ffff:0:0:0/96, IPv4-translated
      return [last32(p)];
    case 'rfc6052':
      // 64:ff9b::/96 carries it last; the local-use 64:ff9b:1::/48 may be cut at /48 (RFC 6052 §2.2: bits
      // 48–63 and 72–87, around the zero u-octet) or at /96 like the well-known prefix.
      return p[2] === 0 ? [last32(p)] : [ipv4Of([high(p[3]!), low(p[3]!), low(p[4]!), high(p[5]!)]), last32(p)];
    case '6to4': // 2002:AABB:CCDD::/48
      return [ipv4Of([high(p[1]!), low(p[1]!), high(p[2]!), low(p[2]!)])];
    case 'teredo': // 2001:0:SERVER:flags:port:~CLIENT; traffic goes to the client, through the server
      return [ipv4Of([high(p[2]!), low(p[2]!), high(p[3]!), low(p[3]!)]), ipv4Of([high(~p[6]!), low(~p[6]!), high(~p[7]!), low(~p[7]!)])];
    default:
      // ::a.b.c.d, the deprecated IPv4-compatible form (RFC 4291 §2.5.5.1); :: and ::1 are ranges of their own.
      return p.slice(0, 6).every((group) => group === 0) && address.range() === 'unicast' ? [last32(p)] : [];
  }
}

function kindOf(address: ipaddr.IPv4 | ipaddr.IPv6): AddressKind {
  if (METADATA_ADDRESSES.includes(address.toNormalizedString())) return 'metadata';
  if (address.kind() === 'ipv6') {
    const carried = embeddedIpv4(address as ipaddr.IPv6).map(kindOf);
    if (carried.length > 0) return carried.find((kind) => kind !== 'public') ?? 'public';
  }
  return KIND_OF_RANGE[address.range()] ?? 'reserved';
}

/** The kind of an IPv4 or IPv6 address (brackets and a zone id allowed); null when it is not an address. */
export function classifyAddress(text: string): AddressKind | null {
  const address = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  // node:net decides what counts as an address: ipaddr.js would also take legacy forms like `127.1`.
  if (!isIPv4(address) && isIP(address) !== 6) return null;
  return kindOf(ipaddr.parse(address));
}
