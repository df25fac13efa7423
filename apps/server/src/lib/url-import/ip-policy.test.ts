import { describe, expect, it } from 'vitest';
import { isPublicAddress, unbracket } from './ip-policy.ts';

describe('isPublicAddress', () => {
  it('accepts public IPv4 and IPv6 addresses', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '93.184.216.34',
      '100.63.255.255', // just below carrier-grade NAT
      '100.128.0.0', // just above it
      '172.15.255.255',
      '172.32.0.0',
      '169.253.255.255',
      '192.0.1.1',
      '192.167.255.255',
      '198.17.255.255',
      '198.20.0.0',
      '223.255.255.255',
      '2606:4700::1',
      '2606:4700:4700::1111',
      '2001:4860:4860::8888',
      '2a00:1450:4001:82a::200e',
      '2001:200::1', // first real allocation after the IETF block
      '::ffff:8.8.8.8',
      '::ffff:808:808',
      '2002:808:808::1', // 6to4 of a public address
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses special-purpose IPv4 ranges', () => {
    for (const address of [
      '0.0.0.0',
      '0.1.2.3',
      '10.0.0.1',
      '10.255.255.255',
      '100.64.0.1',
      '100.127.255.254',
      '127.0.0.1',
      '127.255.255.254',
      '169.254.0.1',
      '169.254.169.254', // cloud metadata
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '192.88.99.1',
      '192.168.0.1',
      '192.168.255.255',
      '198.18.0.1',
      '198.19.255.255',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses special-purpose IPv6 ranges', () => {
    for (const address of [
      '::',
      '::1',
      '0:0:0:0:0:0:0:1',
      'fc00::1',
      'fd12:3456:789a::1',
      'fe80::1',
      'fe80::1%eth0',
      'febf:ffff::1',
      'fec0::1', // old site-local
      'ff02::1',
      'ff05::1:3',
      '64:ff9b::7f00:1', // NAT64
      '64:ff9b::808:808', // NAT64 of a public address: still not ours to reach through
      '64:ff9b:1::1', // local-use NAT64
      '100::1', // discard-only
      '2001:db8::1',
      '2001:db8:ffff::1',
      '2001::1', // Teredo
      '2001:2::1', // benchmarking
      '3fff::1', // documentation
      '::ffff:0:7f00:1', // IPv4-translated
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('judges IPv4-mapped, IPv4-compatible and 6to4 forms by the IPv4 address inside', () => {
    for (const address of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:7f00:1',
      '::FFFF:7F00:1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe', // 169.254.169.254
      '::ffff:192.168.1.1',
      '::ffff:0.0.0.0',
      '::127.0.0.1',
      '::7f00:1',
      '::a9fe:a9fe',
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '2002:a9fe:a9fe::', // 6to4 of 169.254.169.254
      '2002:c0a8:101::1', // 6to4 of 192.168.1.1
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses anything that is not a plain IP address', () => {
    for (const text of [
      '',
      'localhost',
      'example.com',
      '[::1]',
      '2130706433',
      '0x7f.1',
      '0177.0.0.1',
      '127.1',
      '127.0.0.1.',
      '8.8.8.8:80',
      '8.8.8.8/32',
      ' 8.8.8.8',
      '::ffff:8.8.8.8.8',
      '1::2::3',
      '12345::1',
    ]) {
      expect(isPublicAddress(text), text).toBe(false);
    }
  });
});

describe('unbracket', () => {
  it('strips the brackets URL hostnames keep around IPv6 literals', () => {
    expect(unbracket('[::1]')).toBe('::1');
    expect(unbracket('127.0.0.1')).toBe('127.0.0.1');
    expect(unbracket('shop.com')).toBe('shop.com');
  });
});
