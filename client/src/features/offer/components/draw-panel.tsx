import { Link } from 'react-router-dom';
import { publishedDataUrl } from '../api/get-offer';
import type { PublicOffer } from '../types';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

const STATUS_TEXT: Record<PublicOffer['status'], string> = {
  open: 'Tokens are being collected. The commitment to the draw’s secret seed is published before the draw.',
  committed: 'The draw is committed: the hash of its secret seed is published below and cannot change.',
  closed: 'The offer is closed: the list of eligible tokens is published. The draw comes next.',
  drawn: 'The draw is held: the seed is revealed and the winners are published.',
};

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
        Orders placed from {dateOf(offer.starts_at)} until {dateOf(offer.ends_at)}: one lucky-draw token per t-shirt, valid once the order is delivered.
        Lines added from this page get {offer.discount_percent}% off at checkout.
      </p>
      <p className="draw-panel__status">{STATUS_TEXT[offer.status]}</p>
      <dl className="draw-panel__facts">
        <dt>Commitment (SHA-256 of the secret seed)</dt>
        <dd>{offer.commitment ? <code>{offer.commitment}</code> : 'Not published yet'}</dd>
        <dt>Eligible tokens</dt>
        <dd>
          {offer.eligible_tokens ? (
            <>
              {offer.eligible_count} tokens, list hash <code>{offer.tokens_hash}</code> —{' '}
              <a href={publishedDataUrl(offer.id)} download={`lucky-draw-${offer.id}.json`}>
                published list and data (JSON)
              </a>
            </>
          ) : (
            'Published when the offer closes'
          )}
        </dd>
        <dt>Seed</dt>
        <dd>{offer.seed ? <code>{offer.seed}</code> : 'Revealed at the draw'}</dd>
      </dl>
      {linkToWinners && offer.status === 'drawn' && (
        <p>
          <Link className="button" to={`/offer/winners?offer=${offer.id}`}>
            See the {offer.winners.length} winners
          </Link>
        </p>
      )}
      <p className="draw-panel__note">
        Anyone can check the draw: <code>npm run verify-draw -- {offer.id}</code> recomputes the winners from the published data alone.
      </p>
    </section>
  );
}
