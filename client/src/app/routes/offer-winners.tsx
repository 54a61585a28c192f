import { Link, useSearchParams } from 'react-router-dom';
import { Loader } from '../../components/ui/spinner';
import { useOffer } from '../../features/offer/api/get-offer';
import { DrawPanel } from '../../features/offer/components/draw-panel';
import { MyTokens } from '../../features/offer/components/my-tokens';
import '../../features/offer/components/offer.css';
import { WinnersTable } from '../../features/offer/components/winners-table';

/** /offer/winners (?offer=<id>, else the current offer): the winners with masked phones, and how to check them. */
export function OfferWinnersRoute() {
  const [params] = useSearchParams();
  const offer = useOffer(params.get('offer'));
  return (
    <div className="container page">
      <title>Lucky draw winners</title>
      <h1 className="page__title">Lucky draw winners</h1>
      {offer.isPending ? (
        <Loader label="Loading the draw…" />
      ) : !offer.data ? (
        <p className="notice">
          There is no lucky draw to show yet. <Link to="/offer">See the offer</Link>
        </p>
      ) : (
        <>
          {offer.data.status === 'drawn' ? <WinnersTable offer={offer.data} /> : <p className="notice">The draw of {offer.data.name} has not been held yet.</p>}
          <DrawPanel offer={offer.data} linkToWinners={false} />
          <MyTokens offer={offer.data} />
        </>
      )}
    </div>
  );
}
