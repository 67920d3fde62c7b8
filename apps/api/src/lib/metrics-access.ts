import { BlockList, isIP } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';

/** An address as a socket or a header gives it: `::ffff:10.0.0.1`, `[::1]:8080` and `10.0.0.1:80` lose their wrapping. */
function plainAddress(raw: string): string {
  let a = raw.trim().replace(/^"|"$/g, '');
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  return mapped ? mapped[1]! : a;
}

/**
 * Every address a request names: the connection's, then those of X-Forwarded-For, X-Real-IP and Forwarded.
 * A proxy on this machine connects from 127.0.0.1 and a client may write any header, so only a request whose
 * every address is allowed may pass, whatever TRUST_PROXY says.
 */
export function addressesOf(socketAddress: string | undefined, headers: IncomingHttpHeaders): string[] {
  const out = [socketAddress ?? ''];
  const list = (h: string | string[] | undefined) => [h ?? []].flat().flatMap((v) => v.split(','));
  out.push(...list(headers['x-forwarded-for']), ...list(headers['x-real-ip']));
  for (const part of list(headers.forwarded)) {
    const m = /(?:^|;)\s*for=("[^"]*"|[^;]*)/i.exec(part);
    if (m) out.push(m[1]!);
  }
  return out.map(plainAddress);
}

/** Whether an address is one of `allowed` (addresses and CIDR ranges, as METRICS_ALLOW lists them). */
export function allowList(allowed: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of allowed) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}
