import type { ExecutionContext } from '@nestjs/common';
import { UnauthorizedError } from '../errors/domain-error';
import { JwtAuthGuard } from './jwt-auth.guard';
import { OptionalJwtAuthGuard } from './optional-jwt-auth.guard';

/** What the guards make of the strategy's outcome: a bad token, no account, or a database out of reach. */
describe('JWT guards', () => {
  const customer = { id: 'user-1', role: 'customer' };
  const outage = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const badToken = new Error('invalid signature');

  it('lets a checked token through', () => {
    expect(new JwtAuthGuard().handleRequest(null, customer)).toBe(customer);
    expect(new OptionalJwtAuthGuard().handleRequest(null, customer)).toBe(customer);
  });

  it('refuses a bad token with 401 where a login is required, and reads it as a guest where it is optional', () => {
    expect(() => new JwtAuthGuard().handleRequest(badToken, false)).toThrow(UnauthorizedError);
    expect(() => new JwtAuthGuard().handleRequest(null, false)).toThrow(UnauthorizedError);
    expect(new OptionalJwtAuthGuard().handleRequest(badToken, false)).toBeUndefined();
  });

  it('passes a database outage on (503), instead of a 401 or a guest checkout for a signed-in customer', () => {
    expect(() => new JwtAuthGuard().handleRequest(outage, false)).toThrow(outage);
    expect(() => new OptionalJwtAuthGuard().handleRequest(outage, false)).toThrow(outage);
  });

  it('reads a request without an Authorization header as a guest without asking passport, and asks it when there is one', async () => {
    const httpContext = (headers: Record<string, string>) =>
      ({ switchToHttp: () => ({ getRequest: () => ({ headers }), getResponse: () => ({}) }), getHandler: () => undefined, getClass: () => undefined }) as unknown as ExecutionContext;
    const guard = new OptionalJwtAuthGuard();
    expect(guard.canActivate(httpContext({}))).toBe(true);
    // With a header the strategy is asked; with none registered in this bare test, passport says so.
    await expect(Promise.resolve().then(() => guard.canActivate(httpContext({ authorization: 'Bearer a.b.c' })))).rejects.toThrow(/strategy/i);
  });
});
