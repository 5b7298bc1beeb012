import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a URL given by a company may not reach, so a webhook endpoint or a bot connector cannot
 * make the server call its own network (cloud metadata at 169.254.169.254, databases, admin ports):
 * every address ipaddr.js does not class as plain unicast (private, loopback, link-local, unspecified,
 * carrier-grade NAT, multicast, broadcast, benchmarking, documentation and reserved ranges, IPv6
 * unique-local, site-local, discard, ORCHID …). IPv6 forms that carry an IPv4 address (IPv4-mapped,
 * IPv4-compatible, IPv4-translated, NAT64, 6to4, Teredo) are judged by the IPv4 they carry.
 * Operators lift it for local development and tests: WEBHOOKS_ALLOW_PRIVATE_URLS (webhooks only),
 * OUTBOUND_ALLOW_PRIVATE_URLS (every company-given URL).
 */
const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
const EMBEDDING: Array<[ipaddr.IPv6, number, (parts: number[]) => ipaddr.IPv4[]]> = [
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (translated, RFC 6145)
  [...ipaddr.IPv6.parseCIDR('::ffff:0:0/96'), (p) => [v4(p[6]!, p[7]!)]],
  [...ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96'), (p) => [v4(p[6]!, p[7]!)]],
  // NAT64's well-known prefix (RFC 6052): the IPv4 in the last 32 bits
  [...ipaddr.IPv6.parseCIDR('64:ff9b::/96'), (p) => [v4(p[6]!, p[7]!)]],
  // 6to4 (RFC 3056): 2002:AABB:CCDD::/48
  [...ipaddr.IPv6.parseCIDR('2002::/16'), (p) => [v4(p[1]!, p[2]!)]],
  // Teredo (RFC 4380): the server's IPv4, and the client's stored inverted
  [...ipaddr.IPv6.parseCIDR('2001::/32'), (p) => [v4(p[2]!, p[3]!), v4(~p[6]! & 0xffff, ~p[7]! & 0xffff)]],
  // IPv4-compatible (::a.b.c.d, deprecated); :: and ::1 carry 0.0.0.0/8, refused
  [...ipaddr.IPv6.parseCIDR('::/96'), (p) => [v4(p[6]!, p[7]!)]],
];

const refusedIPv4 = (address: ipaddr.IPv4) => address.range() !== 'unicast';

export function isRefusedAddress(address: string): boolean {
  if (isIP(address) === 0 || !ipaddr.isValid(address)) return true;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return refusedIPv4(parsed as ipaddr.IPv4);
  const six = parsed as ipaddr.IPv6;
  const embedding = EMBEDDING.find(([network, bits]) => six.match(network, bits));
  if (embedding) return embedding[2](six.parts).some(refusedIPv4);
  // NAT64 for local use (RFC 8215) leads into the operator's own network whatever it carries.
  return six.range() !== 'unicast';
}

/** Resolves a host name the way a connection would; true when every address may be reached. */
export async function hostAllowed(
  hostname: string,
  resolve: (host: string) => Promise<LookupAddress[]> = (host) => lookup(host, { all: true, verbatim: true }),
): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return !isRefusedAddress(host);
  try {
    const addresses = await resolve(host);
    return addresses.length > 0 && addresses.every((entry) => !isRefusedAddress(entry.address));
  } catch {
    return false;
  }
}

/**
 * A DNS lookup for node's http clients that refuses private, loopback and link-local answers: the
 * check happens on the address actually connected to, so a name that resolves differently at save
 * time and at connect time (DNS rebinding) is still refused. The error carries `code`; `refused` is
 * isRefusedAddress but for tests, whose local servers stand for the internet; `resolve` is dns.lookup
 * but for tests, whose names resolve to what they choose.
 */
export function refusingLookup(code: string, refused: (address: string) => boolean = isRefusedAddress, resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as LookupAddress[];
      const blocked = list.find((entry) => refused(entry.address));
      if (blocked || list.length === 0)
        return callback(Object.assign(new Error(`address refused: ${hostname} resolves to ${blocked?.address ?? 'nothing'}`), { code }), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
