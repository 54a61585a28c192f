import { OWASP_SCRYPT, PasswordHasher, passwordHasherFor, TEST_ONLY_SCRYPT } from './password-hasher';

describe('PasswordHasher', () => {
  // The real OWASP parameters take ~0.3 s per hash; most behaviour is the same with a small N.
  const fast = () => new PasswordHasher(TEST_ONLY_SCRYPT);

  it('hashes at the OWASP cost in a process configured for production, and cheaply only when configured for tests', async () => {
    const cost = async (hasher: PasswordHasher) => (await hasher.hash('pw')).split('$').slice(1, 4).map(Number);
    expect(await cost(passwordHasherFor({ passwordHashCost: 'owasp' }))).toEqual([OWASP_SCRYPT.N, OWASP_SCRYPT.r, OWASP_SCRYPT.p]);
    expect(await cost(passwordHasherFor({ passwordHashCost: 'test' }))).toEqual([2 ** 10, 8, 1]);
  });

  it('rehashes a test-cost hash at the production cost', async () => {
    expect(new PasswordHasher(OWASP_SCRYPT).needsRehash(await fast().hash('pw'))).toBe(true);
  });

  it('hashes at the OWASP parameters by default, as scrypt$N$r$p$salt$hash with a 16-byte salt and 32-byte key', async () => {
    const encoded = await new PasswordHasher().hash('correct horse battery');
    const [prefix, N, r, p, salt, hash] = encoded.split('$');
    expect([prefix, N, r, p]).toEqual(['scrypt', String(2 ** 17), '8', '1']);
    expect(Buffer.from(salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(hash, 'base64')).toHaveLength(32);
    await expect(new PasswordHasher().verify('correct horse battery', encoded)).resolves.toBe(true);
  });

  it('accepts the right password and refuses a wrong one', async () => {
    const hasher = fast();
    const encoded = await hasher.hash('s3cret-Password!');
    await expect(hasher.verify('s3cret-Password!', encoded)).resolves.toBe(true);
    await expect(hasher.verify('s3cret-password!', encoded)).resolves.toBe(false);
    await expect(hasher.verify('', encoded)).resolves.toBe(false);
  });

  it('salts every hash, so the same password never gives the same string', async () => {
    const hasher = fast();
    expect(await hasher.hash('same password')).not.toBe(await hasher.hash('same password'));
  });

  it('verifies with the parameters stored in the hash, not the current ones', async () => {
    const old = await fast().hash('kept across an upgrade');
    const current = new PasswordHasher(OWASP_SCRYPT);
    await expect(current.verify('kept across an upgrade', old)).resolves.toBe(true);
    expect(current.needsRehash(old)).toBe(true);
    expect(fast().needsRehash(old)).toBe(false);
  });

  it('treats a malformed or tampered hash as a failed verification instead of throwing', async () => {
    const hasher = fast();
    const encoded = await hasher.hash('password123456');
    const parts = encoded.split('$');
    await expect(hasher.verify('password123456', 'not-a-hash')).resolves.toBe(false);
    await expect(hasher.verify('password123456', ['bcrypt', ...parts.slice(1)].join('$'))).resolves.toBe(false);
    await expect(hasher.verify('password123456', [parts[0], String(2 ** 30), ...parts.slice(2)].join('$'))).resolves.toBe(false);
    await expect(hasher.verify('password123456', [...parts.slice(0, 5), Buffer.alloc(32).toString('base64')].join('$'))).resolves.toBe(false);
  });
});
