import { t } from '../../../lib/i18n/locale';
import { OrderLookupForm } from '../../../components/ui/order-lookup-form';

/** Order id and phone number, as the tracking screen asks for them; the phone in any form the shopper types. */
export function TrackingForm({ initialOrderId = '', initialPhone = '', onSubmit, busy }: { initialOrderId?: string; initialPhone?: string; onSubmit: (orderId: string, phone: string) => void; busy: boolean }) {
  return <OrderLookupForm idPrefix="tracking" submitLabel={t('track.submit')} busyLabel={t('track.busy')} busy={busy} onSubmit={onSubmit} initialOrderId={initialOrderId} initialPhone={initialPhone} />;
}
