import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import type { Request } from 'express';

/** Headers a proxy adds; X-Forwarded-For is the one Express resolves into the client address (TRUST_PROXY). */
const PROXY_HEADERS = ['forwarded', 'x-real-ip', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-forwarded-server', 'x-client-ip', 'true-client-ip', 'cf-connecting-ip', 'via'];

/**
 * Who may read /api/metrics (ADR 050): anyone with the bearer token (METRICS_TOKEN), or a scraper whose address
 * is in METRICS_ALLOW (loopback by default). Behind a proxy on the same machine every request would look like
 * loopback, so:
 * - without TRUST_PROXY, a request that carries any proxy header (X-Forwarded-For, Forwarded, X-Real-IP,
 *   X-Forwarded-Host ...) is never let in by address;
 * - with TRUST_PROXY, the address checked is the client address Express resolved from X-Forwarded-For, and a
 *   request that carries another proxy header but no X-Forwarded-For (nginx with only X-Real-IP) is refused.
 * A proxy that adds no header at all cannot be told from a local scraper: run it with `option forwardfor`.
 */
export class MetricsAccess {
  private readonly allowed = new BlockList();

  constructor(private readonly options: { token: string | undefined; allow: string[]; trustProxy?: boolean }) {
    for (const entry of options.allow) {
      const [address, bits] = entry.split('/');
      const family = isIPv4(address) ? 'ipv4' : 'ipv6';
      if (bits === undefined) this.allowed.addAddress(address, family);
      else this.allowed.addSubnet(address, Number(bits), family);
    }
  }

  permits(request: Request): boolean {
    if (this.options.token && this.hasToken(request, this.options.token)) return true;
    const forwardedFor = request.header('x-forwarded-for') !== undefined;
    const otherProxyHeader = PROXY_HEADERS.some((name) => request.header(name) !== undefined);
    if (otherProxyHeader || (forwardedFor && !this.options.trustProxy)) return false;
    const address = this.options.trustProxy ? request.ip : request.socket.remoteAddress;
    if (!address) return false;
    const mapped = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
    return this.allowed.check(mapped, isIPv4(mapped) ? 'ipv4' : 'ipv6');
  }

  private hasToken(request: Request, token: string): boolean {
    const match = /^Bearer ([^\s]+)$/.exec(request.header('authorization') ?? '');
    if (!match) return false;
    const given = Buffer.from(match[1]);
    const expected = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
