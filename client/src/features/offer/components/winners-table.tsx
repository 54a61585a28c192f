import { formatNumber, getLocale, localDigits, t } from '../../../lib/i18n/locale';
import type { PublicOffer } from '../types';

/** The winners of a held draw: prize, winning lucky-draw token, the holder's phone masked. */
export function WinnersTable({ offer }: { offer: PublicOffer }) {
  if (offer.winners.length === 0) return <p>{t('offer.noWinners')}</p>;
  return (
    <div className="winners-table__scroll">
      <table className="winners-table">
        <caption className="visually-hidden">{t('offer.winnersOf', { name: offer.name })}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('offer.prize')}</th>
            <th scope="col">{t('offer.amount')}</th>
            <th scope="col">{t('offer.token')}</th>
            <th scope="col">{t('offer.phone')}</th>
          </tr>
        </thead>
        <tbody>
          {offer.winners.map((winner) => (
            <tr key={winner.slot}>
              <td>{formatNumber(winner.slot)}</td>
              <td>{getLocale() === 'en' ? winner.label : t('offer.rank', { rank: winner.rank })}</td>
              <td>৳ {getLocale() === 'en' ? winner.amount.toLocaleString('en-US') : formatNumber(winner.amount)}</td>
              <td>
                <code>{winner.token}</code>
              </td>
              <td>{winner.phone ? localDigits(winner.phone) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
