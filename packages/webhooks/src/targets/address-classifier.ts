/**
 * Tells what kind of network an IP address belongs to, so webhooks never reach the service's own
 * machine, its private network or a cloud metadata endpoint (SSRF). Only `public` may be called.
 */
import { BlockList, isIP, isIPv4 } from 'node:net';

export type AddressKind = 'public' | 'unspecified' | 'loopback' | 'private' | 'link_local' | 'metadata' | 'multicast' | 'reserved';

type Range = readonly [network: string, prefix: number, kind: Exclude<AddressKind, 'public'>];

const IPV4_RANGES: readonly Range[] = [
  // Metadata first: it lies inside the link-local range and is named for what it is.
  ['169.254.169.254', 32, 'metadata'],
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link_local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const IPV6_RANGES: readonly Range[] = [
  ['fd00:ec2::254', 128, 'metadata'],
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['::', 96, 'reserved'],
  ['100::', 64, 'reserved'],
  ['2001::', 32, 'reserved'],
  ['2001:db8::', 32, 'reserved'],
  ['fc00::', 7, 'private'],
  ['fe80::', 10, 'link_local'],
  ['fec0::', 10, 'private'],
  ['ff00::', 8, 'multicast'],
];

/** IPv6 prefixes whose last or middle bits carry an IPv4 address: judged by that address. */
const EMBEDDED_IPV4: readonly { prefix: string; bits: number; at: number }[] = [
  { prefix: '::ffff:0:0', bits: 96, at: 6 },
  { prefix: '64:ff9b::', bits: 96, at: 6 },
  { prefix: '2002::', bits: 16, at: 1 },
];

function blockListOf(ranges: readonly Range[], family: 'ipv4' | 'ipv6'): (address: string) => Range[2] | null {
  const lists = ranges.map(([network, prefix, kind]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, family);
    return { list, kind };
  });
  return (address) => lists.find(({ list }) => list.check(address, family))?.kind ?? null;
}

const ipv4Kind = blockListOf(IPV4_RANGES, 'ipv4');
const ipv6Kind = blockListOf(IPV6_RANGES, 'ipv6');
const embedded = EMBEDDED_IPV4.map(({ prefix, bits, at }) => {
  const list = new BlockList();
  list.addSubnet(prefix, bits, 'ipv6');
  return { list, at };
});

/** The kind of an IPv4 or IPv6 address (brackets and a zone id allowed); null when it is not an address. */
export function classifyAddress(text: string): AddressKind | null {
  const address = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIPv4(address)) return ipv4Kind(address) ?? 'public';
  if (isIP(address) !== 6) return null;
  for (const { list, at } of embedded) {
    if (list.check(address, 'ipv6')) return classifyAddress(ipv4At(hextets(address), at));
  }
  return ipv6Kind(address) ?? 'public';
}

/** The eight 16-bit groups of a valid IPv6 address, a trailing dotted quad included. */
function hextets(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const hex = dotted
    ? address.slice(0, dotted.index) + [((Number(dotted[1]) << 8) | Number(dotted[2])).toString(16), ((Number(dotted[3]) << 8) | Number(dotted[4])).toString(16)].join(':')
    : address;
  const [head = '', tail] = hex.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  if (tail === undefined) return groups(head);
  const left = groups(head);
  const right = groups(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function ipv4At(groups: readonly number[], index: number): string {
  const high = groups[index] ?? 0;
  const low = groups[index + 1] ?? 0;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}
