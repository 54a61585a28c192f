import { isIP } from 'node:net';

/**
 * Which proxies in front of the store are believed about the client's address (`TRUST_PROXY`), in the
 * terms of Express's 'trust proxy' setting:
 * - `none` (the default): X-Forwarded-For is ignored, the client address is the socket's peer.
 * - a hop count (`1`, `2`): that many proxies in front, whatever their addresses; the address the
 *   outermost of them saw is the client's (right-most entries of X-Forwarded-For).
 * - a list of addresses, CIDR ranges and Express's names (`loopback`, `linklocal`, `uniquelocal`):
 *   `10.0.0.0/8, 192.168.1.7, loopback`. Entries of X-Forwarded-For are read from the right while the
 *   address they came from is in the list.
 * `true` (Express: trust everything, so the left-most entry, which the client writes) is refused: it lets
 * any client choose its address and with it walk past every per-address limit.
 */
export type TrustProxy = false | number | string[];

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export function parseTrustProxy(raw: string): { value: TrustProxy } | { problem: string } {
  const text = raw.trim();
  if (text === '' || text.toLowerCase() === 'none' || text.toLowerCase() === 'false') return { value: false };
  if (text.toLowerCase() === 'true') {
    return { problem: 'TRUST_PROXY=true would believe whatever address a client writes; give the number of proxies in front (e.g. 1) or their addresses' };
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 10) return { problem: 'TRUST_PROXY as a hop count must be 1 to 10 (or none)' };
    return { value: hops };
  }
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    if (!validEntry(entry)) {
      return { problem: `TRUST_PROXY has "${entry}", which is not an IP address, a CIDR range (10.0.0.0/8), loopback, linklocal or uniquelocal` };
    }
  }
  return { value: entries };
}

function validEntry(entry: string): boolean {
  if (NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (/^\d+$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  // Express also takes a netmask (10.0.0.0/255.0.0.0) for IPv4.
  return family === 4 && isIP(prefix) === 4;
}
