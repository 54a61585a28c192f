import { useEffect, useState } from 'react';
import { showAlert } from '../../components/feedback/feedback-store';
import { ApiError } from '../../lib/api-client';
import { useParams, useSearchParams } from 'react-router-dom';
import { Loader } from '../../components/ui/spinner';
import { useOrderInformation } from '../../features/orders/api/get-order-information';
import { TrackingForm } from '../../features/orders/components/tracking-form';
import { TrackingResult } from '../../features/orders/components/tracking-result';
import { CancelOrderButton } from '../../features/orders/components/cancel-order-button';
import { ContactCare } from '../layout/contact-care';
import { t, useMessages } from '../../lib/i18n/locale';
import { ordersMessages } from '../../lib/i18n/messages/orders';
import { parcelMessages } from '../../lib/i18n/messages/parcel';
import { returnsMessages } from '../../lib/i18n/messages/returns';
import { ReturnRequestPanel } from '../../features/returns/components/return-request-panel';


/** /order-tracking (spec §2): order id and phone, then the tracking data. */
export function OrderTrackingRoute() {
  useMessages(ordersMessages, parcelMessages, returnsMessages);
  const [params] = useSearchParams();
  const [query, setQuery] = useState<{ orderId: string; phone: string } | null>(null);
  const result = useOrderInformation(query?.orderId ?? '', query?.phone ?? '');
  // Spec §8: a failed lookup also says "Oops!" with the server's message.
  useEffect(() => {
    if (!query || !result.isError) return;
    const message = result.error instanceof ApiError ? result.error.serverMessage : undefined;
    void showAlert({ kind: 'error', title: t('track.oops'), text: message ?? t('track.notFoundShort') });
  }, [query, result.isError, result.error, result.errorUpdatedAt]);
  return (
    <div className="container page narrow">
      <title>{t('track.title')}</title>
      <h1 className="page__title">{t('track.title')}</h1>
      <TrackingForm initialOrderId={params.get('orderId') ?? ''} onSubmit={(orderId, phone) => (query?.orderId === orderId && query.phone === phone ? void result.refetch() : setQuery({ orderId, phone }))} busy={result.isFetching} />
      <div className="tracking-output" aria-live="polite">
        {query && result.isError && <p className="notice notice--error">{t('track.notFound')}</p>}
        {query && result.data && (
          <TrackingResult
            data={result.data}
            help={<ContactCare />}
            actions={
              <>
                <CancelOrderButton orderId={result.data.orderId} phone={query.phone} statusName={result.data.order_status_name} />
                {result.data.status === 'delivered' && <ReturnRequestPanel orderId={result.data.orderId} phone={query.phone} />}
              </>
            }
          />
        )}
      </div>
    </div>
  );
}

/** /verify/{orderId}/{phone}: the same data, straight from the link. */
export function VerifyOrderRoute() {
  useMessages(ordersMessages, parcelMessages, returnsMessages);
  const { orderId = '', phone = '' } = useParams();
  const result = useOrderInformation(orderId, phone);
  return (
    <div className="container page narrow">
      <title>{t('track.verifyTitle')}</title>
      <h1 className="page__title">{t('track.verifyTitle')}</h1>
      {result.isPending ? <Loader label={t('track.lookingUp')} /> : result.isError || !result.data ? <p className="notice notice--error">{t('track.notFound')}</p> : <TrackingResult data={result.data} help={<ContactCare />} actions={<CancelOrderButton orderId={result.data.orderId} phone={phone} statusName={result.data.order_status_name} />} />}
    </div>
  );
}
