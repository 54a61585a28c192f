import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { normalizePhone } from '../../../../../contracts/phone';
import { PhoneInput } from '../../../components/ui/phone-input';
import { useMyTokens } from '../api/get-my-tokens';
import type { PublicOffer } from '../types';

/** "Your tokens": a shopper looks up the lucky-draw tokens of an order by its id and phone number. */
export function MyTokens({ offer }: { offer: PublicOffer | null }) {
  const [orderId, setOrderId] = useState('');
  const [phone, setPhone] = useState('');
  const [query, setQuery] = useState<{ orderId: string; phone: string } | null>(null);
  const [error, setError] = useState('');
  const result = useMyTokens(query?.orderId ?? '', query?.phone ?? '');
  const won = new Map((offer?.winners ?? []).map((winner) => [winner.token, winner]));

  function submit(event: FormEvent) {
    event.preventDefault();
    const digits = normalizePhone(phone);
    if (!orderId.trim() || !digits) {
      setError('Please enter your order ID and phone number.');
      return;
    }
    setError('');
    setQuery({ orderId: orderId.trim(), phone: digits });
  }

  return (
    <section className="my-tokens" aria-labelledby="my-tokens-title">
      <h2 id="my-tokens-title" className="section-title">
        Your lucky-draw tokens
      </h2>
      <form className="form card" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="my-tokens-order-id">
            Order ID
          </label>
          <input id="my-tokens-order-id" className="field__input" value={orderId} onChange={(e) => setOrderId(e.target.value)} autoCapitalize="characters" />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="my-tokens-phone">
            Phone number
          </label>
          <PhoneInput id="my-tokens-phone" className="field__input" autoComplete="tel" value={phone} onValue={setPhone} />
        </div>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={result.isFetching}>
          {result.isFetching ? 'Looking up…' : 'Show my tokens'}
        </button>
      </form>
      <div aria-live="polite">
        {query && result.isError && (
          <p className="notice notice--error">
            {result.error instanceof ApiError && result.error.status === 429
              ? 'Too many lookups. Please try again later.'
              : 'No lucky-draw tokens found for this order ID and phone number.'}
          </p>
        )}
        {query && result.data && (
          <ul className="token-list" aria-label="Lucky-draw tokens of this order">
            {result.data.map((token) => {
              const prize = won.get(token.token);
              return (
                <li key={token.token} className={`token token--${token.state}${prize ? ' token--won' : ''}`}>
                  <span className="token__label">Lucky-draw token</span> <code>{token.token}</code>
                  <span className="token__state">
                    {token.state_label}
                    {token.void_reason ? ` (order ${token.void_reason})` : ''}
                  </span>
                  {prize && (
                    <strong className="token__prize">
                      Winner: {prize.label}, ৳ {prize.amount.toLocaleString('en-US')}
                    </strong>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
