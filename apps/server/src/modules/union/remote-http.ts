import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { SruError } from '../capture/sru-client.ts';

/**
 * Outgoing requests to a union's remote members (README "Federation"). A school's administrator types the address,
 * so the server must not become a way into its own network (SSRF): addresses on this machine and on private
 * networks are refused unless `UNION_REMOTE_PRIVATE=on` (a district whose deployments talk over an intranet);
 * link-local (cloud metadata at 169.254.169.254), unspecified, multicast and reserved addresses always. Checked
 * when the address is saved or tested and again on every connection, on the addresses the name resolves to then (a
 * name that changes its answer cannot slip through); redirects are not followed; an answer stops at 5 MB.
 */
export const remoteSettings = {
  allowPrivate: /^(1|on|true|yes)$/i.test(process.env.UNION_REMOTE_PRIVATE ?? ''),
};

const MAX_BYTES = 5 * 1024 * 1024;

const never = new net.BlockList();
never.addSubnet('0.0.0.0', 8, 'ipv4');
never.addSubnet('169.254.0.0', 16, 'ipv4');
never.addSubnet('224.0.0.0', 4, 'ipv4');
never.addSubnet('240.0.0.0', 4, 'ipv4');
never.addAddress('::', 'ipv6');
never.addSubnet('fe80::', 10, 'ipv6');
never.addSubnet('ff00::', 8, 'ipv6');

const privateNets = new net.BlockList();
for (const [net4, bits] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
  ['198.18.0.0', 15],
] as const)
  privateNets.addSubnet(net4, bits, 'ipv4');
privateNets.addAddress('::1', 'ipv6');
privateNets.addSubnet('fc00::', 7, 'ipv6');

/** An IPv4 address written as IPv6 (`::ffff:127.0.0.1`, `::ffff:7f00:1`) as IPv4, else null. */
function mappedV4(ip: string): string | null {
  const m = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(ip);
  if (!m) return null;
  if (m[1]) return m[1];
  const n = (Number.parseInt(m[2], 16) << 16) | Number.parseInt(m[3], 16);
  return [24, 16, 8, 0].map((s) => (n >>> s) & 255).join('.');
}

/** Why an address is refused ('never', or 'private' while private networks are not allowed), else null. */
export function addressRefusal(ip: string): 'never' | 'private' | null {
  const v4 = mappedV4(ip);
  const [addr, type] = v4 ? [v4, 'ipv4' as const] : [ip, net.isIPv6(ip) ? ('ipv6' as const) : ('ipv4' as const)];
  if (never.check(addr, type)) return 'never';
  if (privateNets.check(addr, type)) return remoteSettings.allowPrivate ? null : 'private';
  return null;
}

const blocked = (host: string, ip: string) => new SruError('BLOCKED', host === ip ? ip : `${host}: ${ip}`);

/** The URL's host name without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** The addresses the URL's host stands for; an SruError (BLOCKED, or UNREACHABLE when it does not resolve). */
export async function checkRemoteAddress(url: string): Promise<void> {
  const host = hostOf(new URL(url));
  let addresses: LookupAddress[];
  try {
    addresses = net.isIP(host)
      ? [{ address: host, family: net.isIP(host) }]
      : await dns.promises.lookup(host, { all: true });
  } catch (e) {
    throw new SruError('UNREACHABLE', (e as { code?: string }).code ?? host);
  }
  const bad = addresses.find((a) => addressRefusal(a.address));
  if (bad) throw blocked(host, bad.address);
}

/** A DNS lookup for http(s).request that refuses what `addressRefusal` refuses, on every connection. */
const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const bad = addresses.find((a) => addressRefusal(a.address));
    if (bad) return callback(blocked(hostname, bad.address), '');
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};

/** GET through the guard: no redirects, a whole-exchange timeout, at most 5 MB (the SRU client's `HttpGet`). */
export function guardedGet(url: string, timeoutMs: number): Promise<{ status: number; text: string }> {
  const u = new URL(url);
  const host = hostOf(u);
  if (net.isIP(host) && addressRefusal(host)) return Promise.reject(blocked(host, host));
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.get(
      u,
      {
        lookup: guardedLookup,
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/xml, text/xml', 'user-agent': 'Shuyuan union search' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size <= MAX_BYTES) return void chunks.push(c);
          reject(new SruError('BAD_RESPONSE', `over ${MAX_BYTES} bytes`));
          req.destroy();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}
