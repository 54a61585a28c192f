import { useState } from 'react';
import { OrderLookupForm } from '../../../components/ui/order-lookup-form';
import { ApiError } from '../../../lib/api-client';
import { useMyTokens } from '../api/get-my-tokens';
import type { PublicOffer } from '../types';

/** "Your tokens": a shopper looks up the lucky-draw tokens of an order by its id and phone number. */
export function MyTokens({ offer }: { offer: PublicOffer | null }) {
  const [query, setQuery] = useState<{ orderId: string; phone: string } | null>(null);
  const result = useMyTokens(query?.orderId ?? '', query?.phone ?? '');
  const won = new Map((offer?.winners ?? []).map((winner) => [winner.token, winner]));

  return (
    <section className="my-tokens" aria-labelledby="my-tokens-title">
      <h2 id="my-tokens-title" className="section-title">
        Your lucky-draw tokens
      </h2>
      <OrderLookupForm idPrefix="my-tokens" submitLabel="Show my tokens" busyLabel="Looking up…" busy={result.isFetching} onSubmit={(orderId, phone) => setQuery({ orderId, phone })} />
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
