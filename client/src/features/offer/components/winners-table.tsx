import { DataTable } from '../../../components/ui/data-table';
import { formatNumber, getLocale, localDigits, t } from '../../../lib/i18n/locale';
import { shortEntry } from '../short-entry';
import type { PublicOffer } from '../types';

/**
 * The winners of a held draw: prize, winning entry of the published list (no order id: only its holder knows
 * whose it is), the last three digits of the holder's phone.
 */
export function WinnersTable({ offer }: { offer: PublicOffer }) {
  if (offer.winners.length === 0) return <p>{t('offer.noWinners')}</p>;
  return (
    <div className="winners-table__scroll">
      <DataTable
        stack={false}
        className="winners-table"
        caption={t('offer.winnersOf', { name: offer.name })}
        rows={offer.winners}
        rowKey={(winner) => winner.slot}
        columns={[
          { header: '#', cell: (winner) => formatNumber(winner.slot) },
          { header: t('offer.prize'), cell: (winner) => (getLocale() === 'en' ? winner.label : t('offer.rank', { rank: winner.rank })) },
          { header: t('offer.amount'), cell: (winner) => <>৳ {getLocale() === 'en' ? winner.amount.toLocaleString('en-US') : formatNumber(winner.amount)}</> },
          { header: t('offer.entry'), cell: (winner) => <code title={winner.token}>{shortEntry(winner.token)}</code> },
          // The server sends the last three digits behind stars (`********678`): shown as `•••678`, narrow on a phone.
          { header: t('offer.phone'), cell: (winner) => (winner.phone ? localDigits(winner.phone.replace(/^\*+/, '•••')) : '—') },
        ]}
      />
    </div>
  );
}
