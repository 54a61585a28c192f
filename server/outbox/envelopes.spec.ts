import { OutboxEnvelopes } from './envelopes';

describe('OutboxEnvelopes', () => {
  const envelopes = new OutboxEnvelopes({ jwtSecret: 'x'.repeat(40) });
  const eventId = '5b0c6f36-5d36-4f4e-9a59-1b2f0d9c2a11';

  it('opens what it sealed, and the sealed bytes do not contain the token', () => {
    const sealed = envelopes.seal(eventId, { token: 'raw-token-value-123' });
    expect(sealed.toString('latin1')).not.toContain('raw-token-value-123');
    expect(envelopes.unseal(eventId, sealed)).toEqual({ token: 'raw-token-value-123' });
  });

  it('refuses an envelope moved to another event or sealed under another secret', () => {
    const sealed = envelopes.seal(eventId, { token: 't' });
    expect(() => envelopes.unseal('00000000-0000-4000-8000-000000000000', sealed)).toThrow();
    expect(() => new OutboxEnvelopes({ jwtSecret: 'y'.repeat(40) }).unseal(eventId, sealed)).toThrow();
  });
});
