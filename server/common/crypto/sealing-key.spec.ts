import { SealingKey } from './sealing-key';

describe('SealingKey', () => {
  const key = SealingKey.derive('server secret', 'store/test');

  it('opens what it sealed, for the same context', () => {
    const sealed = key.seal('a secret', 'event-1');
    expect(sealed.toString('utf8')).not.toContain('a secret');
    expect(key.open(sealed, 'event-1').toString('utf8')).toBe('a secret');
  });

  it('refuses another context, another purpose and a changed byte', () => {
    const sealed = key.seal('a secret', 'event-1');
    expect(() => key.open(sealed, 'event-2')).toThrow();
    expect(() => SealingKey.derive('server secret', 'store/other').open(sealed, 'event-1')).toThrow();
    const changed = Buffer.from(sealed);
    changed[changed.length - 1] ^= 1;
    expect(() => key.open(changed, 'event-1')).toThrow();
  });

  it('seals the same text differently each time (a fresh iv)', () => {
    expect(key.seal('same', 'c').equals(key.seal('same', 'c'))).toBe(false);
  });

  it('takes only 32-byte raw keys', () => {
    expect(() => SealingKey.fromBytes(Buffer.alloc(16))).toThrow();
    const raw = SealingKey.fromBytes(Buffer.alloc(32, 7));
    expect(raw.open(raw.seal('x', 'c'), 'c').toString()).toBe('x');
  });
});
