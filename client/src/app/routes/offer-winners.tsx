import { Link, useSearchParams } from 'react-router-dom';
import { Loader } from '../../components/ui/spinner';
import { useOffer } from '../../features/offer/api/get-offer';
import { DrawPanel } from '../../features/offer/components/draw-panel';
import { MyTokens } from '../../features/offer/components/my-tokens';
import '../../features/offer/components/offer.css';
import { WinnersTable } from '../../features/offer/components/winners-table';
import { t, useMessages } from '../../lib/i18n/locale';
import { offerMessages } from '../../lib/i18n/messages/offer';

/** /offer/winners (?offer=<id>, else the current offer): the winners with masked phones, and how to check them. */
export function OfferWinnersRoute() {
  useMessages(offerMessages);
  const [params] = useSearchParams();
  const offer = useOffer(params.get('offer'));
  return (
    <div className="container page">
      <title>{t('offer.winnersTitle')}</title>
      <h1 className="page__title">{t('offer.winnersTitle')}</h1>
      {offer.isPending ? (
        <Loader label={t('offer.loading')} />
      ) : !offer.data ? (
        <p className="notice">
          {t('offer.none')}
          <Link to="/offer">{t('offer.see')}</Link>
        </p>
      ) : (
        <>
          {offer.data.status === 'drawn' ? <WinnersTable offer={offer.data} /> : <p className="notice">{t('offer.notHeld', { name: offer.data.name })}</p>}
          <DrawPanel offer={offer.data} linkToWinners={false} />
          <MyTokens offer={offer.data} />
        </>
      )}
    </div>
  );
}
