import type { DataSource } from 'typeorm';
import { UnauthorizedError } from '../../common/errors/domain-error';
import { PasswordHasher, type ScryptParameters } from '../password-hasher';
import { makeDummyPasswordHash } from '../users/dummy-password-hash';
import type { AccessTokenService } from './access-token.service';
import { LogIn } from './log-in.command';
import { LogInHandler } from './log-in.handler';

/**
 * An unknown e-mail must cost the same scrypt work as a wrong password, or the answer time tells which e-mails
 * have accounts. Asserted on the work itself (what is verified, at which parameters), not on a clock: over HTTP
 * a test-cost hash takes a millisecond and the request's other work, which a busy machine stretches, hides it.
 */
describe('LogInHandler', () => {
  const parameters: ScryptParameters = { N: 2 ** 12, r: 8, p: 1 };

  /** The hasher the handler uses, recording the shape of every hash it verifies against. */
  class RecordingHasher extends PasswordHasher {
    readonly verified: Array<{ N: number; r: number; p: number; saltBytes: number; keyBytes: number }> = [];
    override async verify(password: string, encoded: string): Promise<boolean> {
      const [, N, r, p, salt, key] = encoded.split('$');
      this.verified.push({ N: Number(N), r: Number(r), p: Number(p), saltBytes: Buffer.from(salt, 'base64').length, keyBytes: Buffer.from(key, 'base64').length });
      return super.verify(password, encoded);
    }
  }

  async function handlerWithAccount(email: string, password: string) {
    const hasher = new RecordingHasher(parameters);
    const row = { id: '6f1c2d3e-0000-4000-8000-000000000001', name: 'Rahim', email, password_hash: await hasher.hash(password), role: 'customer', created_at: new Date(), stream_version: 1 };
    const dataSource = { manager: { query: async (_sql: string, [asked]: string[]) => (asked.toLowerCase() === email ? [row] : []) } } as unknown as DataSource;
    const tokens = { issue: async () => ({ token: 'signed' }) } as unknown as AccessTokenService;
    const handler = new LogInHandler(dataSource, hasher, tokens, await makeDummyPasswordHash(hasher));
    return { handler, hasher };
  }

  it('verifies an unknown e-mail against a hash of the same cost as a wrong password, once each, and answers both alike', async () => {
    const { handler, hasher } = await handlerWithAccount('rahim@example.com', 'the-right-password');

    const wrong = await handler.execute(new LogIn('rahim@example.com', 'not-the-password')).catch((error: unknown) => error);
    const unknown = await handler.execute(new LogIn('nobody@example.com', 'not-the-password')).catch((error: unknown) => error);

    for (const error of [wrong, unknown]) {
      expect(error).toBeInstanceOf(UnauthorizedError);
      expect((error as UnauthorizedError).code).toBe('login-failed');
    }
    expect(hasher.verified).toHaveLength(2);
    const [forWrong, forUnknown] = hasher.verified;
    expect(forUnknown).toEqual(forWrong);
    expect(forWrong).toEqual({ ...parameters, saltBytes: 16, keyBytes: 32 });
  });

  it('lets the right password in after one verification', async () => {
    const { handler, hasher } = await handlerWithAccount('rahim@example.com', 'the-right-password');
    await expect(handler.execute(new LogIn('Rahim@Example.com', 'the-right-password'))).resolves.toMatchObject({ user: expect.objectContaining({ email: 'rahim@example.com' }), token: 'signed' });
    expect(hasher.verified).toHaveLength(1);
  });
});
