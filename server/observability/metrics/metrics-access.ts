import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import type { Request } from 'express';

/**
 * Who may read /api/metrics (ADR 050): anyone with the bearer token (METRICS_TOKEN), or a scraper connecting
 * directly from an address in METRICS_ALLOW (loopback by default). A request relayed by a proxy (it carries
 * X-Forwarded-For or Forwarded) is never let in by address: behind a proxy on the same machine every request
 * would look like loopback.
 */
export class MetricsAccess {
  private readonly allowed = new BlockList();

  constructor(private readonly options: { token: string | undefined; allow: string[] }) {
    for (const entry of options.allow) {
      const [address, bits] = entry.split('/');
      const family = isIPv4(address) ? 'ipv4' : 'ipv6';
      if (bits === undefined) this.allowed.addAddress(address, family);
      else this.allowed.addSubnet(address, Number(bits), family);
    }
  }

  permits(request: Request): boolean {
    if (this.options.token && this.hasToken(request, this.options.token)) return true;
    if (request.header('x-forwarded-for') !== undefined || request.header('forwarded') !== undefined) return false;
    const address = request.socket.remoteAddress;
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
