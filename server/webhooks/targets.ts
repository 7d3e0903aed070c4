/**
 * Where webhooks may point (docs/webhooks.md "Allowed URLs"). A registered URL is https (http only
 * to this machine, in demo mode), carries no credentials and is at most 2048 characters. Outside
 * demo mode, targets on private networks (loopback, RFC 1918, link-local with the cloud metadata
 * address, CGNAT, unique-local IPv6, …) are refused unless VF_WEBHOOK_ALLOW_PRIVATE=1: a webhook
 * must not become a way to reach the server's own network (SSRF). The address is checked when the
 * URL is registered (literal addresses) and again at every connection, on the address the name
 * resolved to (so a name that later resolves inside the network is refused too).
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOneOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { isLoopbackHost } from '../config.ts';

export const MAX_URL_LENGTH = 2048;

export interface TargetPolicy {
  /** Demo mode: http to loopback allowed, private targets allowed. */
  demo: boolean;
  /** VF_WEBHOOK_ALLOW_PRIVATE=1: private-network targets allowed outside demo mode too. */
  allowPrivate: boolean;
}

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) PRIVATE.addSubnet(net, bits, 'ipv6');

/** An address on a private, loopback, link-local or otherwise non-public network (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/** Why `raw` cannot be a webhook's URL under `policy`, or null when it can. */
export function urlProblem(raw: string, policy: TargetPolicy): string | null {
  if (raw.length > MAX_URL_LENGTH) return `The URL is longer than ${MAX_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'This is not a valid URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The URL must start with https://';
  if (url.username || url.password) return 'The URL must not carry a user name or password: the signature authenticates deliveries';
  if (url.hash) return 'The URL must not have a #fragment';
  const host = bare(url.hostname);
  const loopback = isLoopbackHost(host);
  if (url.protocol === 'http:' && !(policy.demo && loopback)) {
    return policy.demo ? 'The URL must start with https:// (http:// only to this machine in demo mode)' : 'The URL must start with https://';
  }
  if (!policy.demo && !policy.allowPrivate && (loopback || isPrivateAddress(host) || host.endsWith('.localhost'))) {
    return 'The URL points into a private network; set VF_WEBHOOK_ALLOW_PRIVATE=1 to allow that';
  }
  return null;
}

/** Raised by `guardedLookup` when a name resolves to an address the policy refuses. */
export class PrivateTargetError extends Error {
  override name = 'PrivateTargetError';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that refuses private addresses under `policy`: the address
 * checked is the one connected to, so DNS cannot answer differently between check and use.
 */
export function guardedLookup(policy: TargetPolicy) {
  return (hostname: string, options: LookupOneOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as LookupAddress[];
      if (!policy.demo && !policy.allowPrivate) {
        const refused = list.find((entry) => isPrivateAddress(entry.address));
        if (refused) return callback(new PrivateTargetError(`${hostname} resolves to a private address (${refused.address})`), '');
      }
      const first = list[0];
      if (!first) return callback(new PrivateTargetError(`${hostname} has no address`), '');
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, first.address, first.family);
    });
  };
}
