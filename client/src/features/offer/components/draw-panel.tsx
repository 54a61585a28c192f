import { Link } from 'react-router-dom';
import { publishedDataUrl } from '../api/get-offer';
import { formatDate, t } from '../../../lib/i18n/locale';
import type { PublicOffer } from '../types';

const dateOf = (iso: string) => formatDate(new Date(iso), { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * What makes the draw checkable, as it happens: the commitment (SHA-256 of the secret seed) before the
 * draw, the list of eligible tokens at the close, then the seed and the winners.
 */
export function DrawPanel({ offer, linkToWinners = true }: { offer: PublicOffer; linkToWinners?: boolean }) {
  return (
    <section className="draw-panel card" aria-labelledby="draw-panel-title">
      <h2 id="draw-panel-title" className="section-title">
        {offer.name}
      </h2>
      <p>
        {t('offer.period', { from: dateOf(offer.starts_at), to: dateOf(offer.ends_at), percent: offer.discount_percent })}
      </p>
      <p className="draw-panel__status">{t(`offer.status.${offer.status}`)}</p>
      <dl className="draw-panel__facts">
        <dt>{t('offer.commitment')}</dt>
        <dd>{offer.commitment ? <code>{offer.commitment}</code> : t('offer.notPublished')}</dd>
        {offer.entries_commitment && (
          <>
            <dt>{t('offer.entriesCommitment')}</dt>
            <dd>
              <code>{offer.entries_commitment}</code>
            </dd>
          </>
        )}
        <dt>{t('offer.eligible')}</dt>
        <dd>
          {offer.eligible_tokens ? (
            <>
              {t('offer.eligibleCount', { count: offer.eligible_count ?? 0 })}
              <code>{offer.tokens_hash}</code> —{' '}
              <a href={publishedDataUrl(offer.id)} download={`lucky-draw-${offer.id}.json`}>
                {t('offer.publishedList')}
              </a>
            </>
          ) : (
            t('offer.atClose')
          )}
        </dd>
        <dt>{t('offer.seed')}</dt>
        <dd>{offer.seed ? <code>{offer.seed}</code> : t('offer.atDraw')}</dd>
      </dl>
      {linkToWinners && offer.status === 'drawn' && (
        <p>
          <Link className="button" to={`/offer/winners?offer=${offer.id}`}>
            {t('offer.seeWinners', { count: offer.winners.length })}
          </Link>
        </p>
      )}
      <p className="draw-panel__note">
        {t('offer.check')}
        <code>npm run verify-draw -- {offer.id}</code>
        {t('offer.checkRest')}
      </p>
    </section>
  );
}
