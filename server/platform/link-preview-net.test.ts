import { describe, expect, it } from 'vitest';
import { readPageMeta } from './link-preview-html';
import { FetchRefused, isBlockedAddress, parseAllowHosts, pickAddress, refusalOf } from './link-preview-net';

/*
 * The fetcher's rules as pure functions (the API test, link-previews.test.ts, proves them through
 * the app). Public addresses appear here only as data: nothing connects.
 */

describe('isBlockedAddress', () => {
  it('blocks loopback, private, link-local, metadata, shared and reserved IPv4', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
    ])
      expect(isBlockedAddress(ip), ip).toBe(true);
  });

  it('blocks IPv6 loopback, unique local, link-local, and IPv4 inside IPv6 that leads to a blocked one', () => {
    for (const ip of [
      '::1',
      '::',
      'fc00::1',
      'fdff:ffff::1',
      'fe80::1%eth0',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a00:1',
      '2002:a00:1::1',
      '2001:0:4136:e378::1',
      'not an address',
    ])
      expect(isBlockedAddress(ip), ip).toBe(true);
  });

  it('lets public unicast addresses through, IPv4 inside IPv6 judged by the IPv4 one', () => {
    for (const ip of ['93.184.216.34', '172.32.0.1', '1.1.1.1', '2606:4700::1111', '::ffff:5db8:d822'])
      expect(isBlockedAddress(ip), ip).toBe(false);
  });
});

describe('refusalOf and pickAddress', () => {
  const allow = parseAllowHosts(['intranet.local:8080', '127.0.0.1:3000', 'bad entry']);

  it('reads the allow-list as host:port pairs', () => {
    expect([...allow].sort()).toEqual(['127.0.0.1:3000', 'intranet.local:8080']);
  });

  it('refuses schemes, credentials, ports and private literals unless the host:port is allowed', () => {
    expect(refusalOf(new URL('ftp://a.example/'), allow)).toBe('scheme');
    expect(refusalOf(new URL('http://u:p@a.example/'), allow)).toBe('credentials');
    expect(refusalOf(new URL('http://a.example:8080/'), allow)).toBe('port');
    expect(refusalOf(new URL('http://2130706433/'), allow)).toBe('private address');
    expect(refusalOf(new URL('http://[::ffff:10.0.0.1]/'), allow)).toBe('private address');
    expect(refusalOf(new URL('http://intranet.local:8080/'), allow)).toBeNull();
    expect(refusalOf(new URL('http://127.0.0.1:3000/'), allow)).toBeNull();
    // The same host on another port is not allowed.
    expect(refusalOf(new URL('http://127.0.0.1:3001/'), allow)).toBe('port');
    expect(refusalOf(new URL('https://a.example/'), allow)).toBeNull();
    expect(refusalOf(new URL('http://a.example:443/'), allow)).toBeNull();
  });

  it('refuses a name when any of its addresses is blocked, whichever comes first', () => {
    const publicOne = { address: '93.184.216.34', family: 4 as const };
    const privateOne = { address: '10.0.0.1', family: 4 as const };
    expect(() => pickAddress([publicOne, privateOne], false)).toThrow(FetchRefused);
    expect(() => pickAddress([privateOne, publicOne], false)).toThrow(FetchRefused);
    expect(() => pickAddress([], false)).toThrow(FetchRefused);
    expect(pickAddress([publicOne], false)).toBe(publicOne);
    expect(pickAddress([privateOne], true)).toBe(privateOne);
  });
});

describe('readPageMeta', () => {
  const page = new URL('https://site.example/a/b');

  it('prefers Open Graph, resolves the image against the page, and decodes entities', () => {
    const meta = readPageMeta(
      `<head><title>Plain</title><meta content='OG &#x27;title&#39;' property="og:title">
       <meta name="twitter:title" content="Twitter"><meta property="og:image" content="../img.png">
       <meta name="description" content="Desc &lt;b&gt;"></head><body><meta property="og:title" content="late">`,
      page,
    );
    expect(meta).toEqual({
      title: "OG 'title'",
      description: 'Desc <b>',
      siteName: null,
      image: new URL('https://site.example/img.png'),
    });
  });

  it('cuts long fields and has no card without a title', () => {
    const meta = readPageMeta(`<title>${'t'.repeat(500)}</title>`, page)!;
    expect(meta.title.length).toBe(200);
    expect(readPageMeta('<head><meta property="og:description" content="x"></head>', page)).toBeNull();
  });
});
