import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a URL given by a company may not reach (private, loopback, link-local, unspecified,
 * carrier-grade NAT, multicast and reserved ranges), so a webhook endpoint or a bot connector cannot
 * make the server call its own network (cloud metadata at 169.254.169.254, databases, admin ports).
 * Operators lift it for local development and tests: WEBHOOKS_ALLOW_PRIVATE_URLS (webhooks only),
 * OUTBOUND_ALLOW_PRIVATE_URLS (every company-given URL).
 */
const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  refused.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  refused.addSubnet(network, prefix, 'ipv6');

export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // An IPv4-mapped address (::ffff:10.0.0.1) is judged as the IPv4 address it carries.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return refused.check(mapped[1]!, 'ipv4');
    return refused.check(address, 'ipv6');
  }
  return refused.check(address, 'ipv4');
}

/** Resolves a host name the way a connection would; true when every address may be reached. */
export async function hostAllowed(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return !isRefusedAddress(host);
  try {
    const addresses = await lookup(host, { all: true, verbatim: true });
    return addresses.length > 0 && addresses.every((entry) => !isRefusedAddress(entry.address));
  } catch {
    return false;
  }
}

/**
 * A DNS lookup for node's http clients that refuses private, loopback and link-local answers: the
 * check happens on the address actually connected to, so a name that resolves differently at save
 * time and at connect time (DNS rebinding) is still refused. The error carries `code`; `refused` is
 * isRefusedAddress but for tests, whose local servers stand for the internet.
 */
export function refusingLookup(code: string, refused: (address: string) => boolean = isRefusedAddress): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as LookupAddress[];
      const blocked = list.find((entry) => refused(entry.address));
      if (blocked || list.length === 0) return callback(Object.assign(new Error(`address refused: ${hostname} resolves to ${blocked?.address ?? 'nothing'}`), { code }), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
