import { useState } from 'react';
import { OrderLookupForm } from '../../../components/ui/order-lookup-form';
import { ApiError } from '../../../lib/api-client';
import { formatNumber, getLocale, t } from '../../../lib/i18n/locale';
import { useMyTokens } from '../api/get-my-tokens';
import type { PublicOffer } from '../types';
import { shortEntry } from '../short-entry';

/** "Your tokens": a shopper looks up the lucky-draw tokens of an order by its id and phone number. */
export function MyTokens({ offer }: { offer: PublicOffer | null }) {
  const [query, setQuery] = useState<{ orderId: string; phone: string } | null>(null);
  const result = useMyTokens(query?.orderId ?? '', query?.phone ?? '');
  const won = new Map((offer?.winners ?? []).map((winner) => [winner.token, winner]));

  return (
    <section className="my-tokens" aria-labelledby="my-tokens-title">
      <h2 id="my-tokens-title" className="section-title">
        {t('offer.myTokens')}
      </h2>
      <OrderLookupForm idPrefix="my-tokens" submitLabel={t('offer.showTokens')} busyLabel={t('offer.lookingUp')} busy={result.isFetching} onSubmit={(orderId, phone) => setQuery({ orderId, phone })} />
      <div aria-live="polite">
        {query && result.isError && (
          <p className="notice notice--error">
            {result.error instanceof ApiError && result.error.status === 429
              ? t('offer.tooMany')
              : t('offer.noTokens')}
          </p>
        )}
        {query && result.data && (
          <ul className="token-list" aria-label={t('offer.tokensOf')}>
            {result.data.map((token) => {
              // The draw lists entries, not tokens (issue 27): this token's entry in the offer shown, if it was drawn.
              const draw = token.draws.find((each) => each.offer_id === offer?.id);
              const prize = draw && won.get(draw.entry);
              return (
                <li key={token.token} className={`token token--${token.state}${prize ? ' token--won' : ''}`}>
                  <span className="token__label">{t('offer.token')}</span> <code>{token.token}</code>
                  <span className="token__state">
                    {getLocale() === 'en' ? token.state_label : t(`offer.state.${token.state}`)}
                    {token.void_reason ? t('offer.voidReason', { reason: token.void_reason }) : ''}
                  </span>
                  {prize && (
                    <strong className="token__prize">
                      {t('offer.winner', { label: getLocale() === 'en' ? prize.label : t('offer.rank', { rank: prize.rank }) })}৳ {formatNumber(prize.amount)}
                    </strong>
                  )}
                  {token.draws.map((entry) => (
                    <span key={entry.offer_id} className="token__entry">
                      {t(entry.listed ? 'offer.entryListed' : 'offer.entryNotListed', { name: entry.offer_name })} <code title={entry.entry}>{shortEntry(entry.entry)}</code>
                      {entry.entry_key && (
                        <>
                          {' '}
                          {t('offer.entryKey')} <code>{entry.entry_key}</code>
                        </>
                      )}
                    </span>
                  ))}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
