import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { hostAllowed, isRefusedAddress, refusingLookup } from './outbound-address';

/** Addresses and whether a company URL may reach them; IPv6 forms carrying an IPv4 are judged by it. */
const ADDRESSES: Array<[string, boolean, string]> = [
  ['8.8.8.8', true, 'public IPv4'],
  ['2606:4700:4700::1111', true, 'public IPv6'],
  ['127.0.0.1', false, 'loopback'],
  ['10.1.2.3', false, 'private'],
  ['172.16.0.1', false, 'private'],
  ['192.168.1.1', false, 'private'],
  ['169.254.169.254', false, 'link-local (cloud metadata)'],
  ['100.64.0.1', false, 'carrier-grade NAT'],
  ['0.0.0.0', false, 'unspecified'],
  ['192.0.0.8', false, 'IETF protocol assignments'],
  ['198.18.0.1', false, 'benchmarking'],
  ['203.0.113.7', false, 'documentation'],
  ['224.0.0.1', false, 'multicast'],
  ['240.0.0.1', false, 'reserved'],
  ['255.255.255.255', false, 'broadcast'],
  ['::', false, 'IPv6 unspecified'],
  ['::1', false, 'IPv6 loopback'],
  ['fe80::1', false, 'IPv6 link-local'],
  ['fd00::1', false, 'unique-local'],
  ['fec0::1', false, 'site-local'],
  ['ff02::1', false, 'IPv6 multicast'],
  ['2001:db8::1', false, 'IPv6 documentation'],
  ['::ffff:127.0.0.1', false, 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', false, 'IPv4-mapped loopback, hex'],
  ['::ffff:a9fe:a9fe', false, 'IPv4-mapped metadata'],
  ['::ffff:8.8.8.8', true, 'IPv4-mapped public'],
  ['::ffff:0:7f00:1', false, 'IPv4-translated loopback (RFC 6145)'],
  ['::ffff:0:808:808', true, 'IPv4-translated public'],
  ['::7f00:1', false, 'IPv4-compatible loopback'],
  ['::10.0.0.1', false, 'IPv4-compatible private'],
  ['::808:808', true, 'IPv4-compatible public'],
  ['2002:7f00:1::', false, '6to4 of loopback'],
  ['2002:a9fe:a9fe::1', false, '6to4 of metadata'],
  ['2002:808:808::1', true, '6to4 of a public address'],
  ['2001:0:808:808::80ff:fffe', false, 'Teredo, client 127.0.0.1 (stored inverted)'],
  ['2001:0:a00:1::f7f7:f7f7', false, 'Teredo, server 10.0.0.1'],
  ['2001:0:808:808::f7f7:f7f7', true, 'Teredo, public server and client'],
  ['64:ff9b::7f00:1', false, 'NAT64 of loopback'],
  ['64:ff9b::a9fe:a9fe', false, 'NAT64 of metadata'],
  ['64:ff9b::808:808', true, 'NAT64 of a public address'],
  ['64:ff9b:1::808:808', false, 'NAT64 for local use (RFC 8215)'],
  ['fe80::1%eth0', false, 'link-local with a zone'],
  ['not-an-address', false, 'not an address'],
];

describe('isRefusedAddress', () => {
  it.each(ADDRESSES)('%s reachable: %s (%s)', (address, reachable) => {
    expect(isRefusedAddress(address)).toBe(!reachable);
  });
});

/** A resolver answering every name `<address>.test` with that address: names standing for DNS answers. */
const ANSWERS = new Map(
  ADDRESSES.filter(([address]) => address.includes(':') || /^\d/.test(address)).map(([address]) => [
    `${address.replaceAll(':', '-').replaceAll('%', '_')}.test`,
    address,
  ]),
);
const answer = (name: string): LookupAddress[] => {
  const address = ANSWERS.get(name);
  if (!address) throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return [{ address, family: address.includes(':') ? 6 : 4 }];
};

describe('names resolving to those addresses', () => {
  it.each([...ANSWERS])('hostAllowed(%s → %s) as the address', async (name, address) => {
    expect(await hostAllowed(name, async (host) => answer(host))).toBe(!isRefusedAddress(address));
    expect(await hostAllowed(`[${address}]`.replace(/^\[(\d+\.\d+\.\d+\.\d+)\]$/, '$1'))).toBe(!isRefusedAddress(address));
  });

  it('refuses a name when any of its answers is refused, and a name with no answer', async () => {
    expect(
      await hostAllowed('mixed.test', async () => [
        { address: '8.8.8.8', family: 4 },
        { address: '::ffff:0:7f00:1', family: 6 },
      ]),
    ).toBe(false);
    expect(await hostAllowed('nothing.test', async () => [])).toBe(false);
    expect(await hostAllowed('missing.test', async () => answer('missing.test'))).toBe(false);
  });

  it('refuses at connect time what the name resolves to then (DNS rebinding)', async () => {
    const resolve = ((name: string, _options: unknown, callback: (error: Error | null, addresses: LookupAddress[]) => void) => {
      try {
        callback(null, answer(name));
      } catch (error) {
        callback(error as Error, []);
      }
    }) as never;
    const lookup = refusingLookup('ERR_TEST_REFUSED', undefined, resolve);
    const dial = (name: string) =>
      new Promise<{ code?: string; address?: string }>((done) =>
        lookup(name, { all: false }, (error, address) => done(error ? { code: (error as { code?: string }).code } : { address: address as string })),
      );
    for (const [name, address] of ANSWERS) {
      if (address.includes('%')) continue;
      expect(await dial(name), name).toEqual(isRefusedAddress(address) ? { code: 'ERR_TEST_REFUSED' } : { address });
    }
  });
});
