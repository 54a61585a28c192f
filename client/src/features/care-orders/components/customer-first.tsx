import type { CareOrderResponse } from '../../../../../contracts/orders';
import { t } from '../../../lib/i18n/locale';
import { formatTaka } from '../../console-kit/format';
import { cashToCollect, telLink, whatsAppLink } from '../care-contact';

/**
 * What care needs first on a phone (issue 31): who the customer is, a call and a WhatsApp a tap away, where the
 * parcel goes and the cash the courier collects; the actions and the timeline follow below.
 */
export function CustomerFirst({ view }: { view: CareOrderResponse }) {
  const order = view.orderrow;
  const area = view.delivery_area;
  const cash = cashToCollect(order);
  // The picked area's thana and district (a district only read from the address text is already in it).
  const place = area?.area_id ? [area.thana, area.district].filter(Boolean).join(', ') : '';
  const shippingDiffers = order.shipping_phone && order.shipping_phone !== order.phone_number;
  return (
    <section className="card care-first" aria-labelledby="care-first-title">
      <h2 id="care-first-title" className="visually-hidden">
        {t('care.customer.title')}
      </h2>
      <p className="care-first__name">{order.customer_name ?? '—'}</p>
      <PhoneRow label={t('care.customer.phone')} phone={order.phone_number} />
      {shippingDiffers && <PhoneRow label={t('care.customer.shippingPhone')} phone={order.shipping_phone} />}
      <p className="care-first__address">
        <span className="visually-hidden">{t('care.customer.address')}: </span>
        {order.address || '—'}
        {place && <span className="care-first__place">{place}</span>}
        {area?.landmark && <span className="care-first__place">{area.landmark}</span>}
      </p>
      <p className="care-first__cash" data-testid="cash-to-collect">
        <span className="care-first__cash-label">{t('care.cash.title')}</span>{' '}
        {cash > 0 ? <strong>{formatTaka(cash)}</strong> : <strong>{t('care.cash.none')}</strong>}
        {cash > 0 && order.advance_required && order.advance ? <span className="muted"> · {t('care.cash.afterAdvance', { advance: formatTaka(order.advance) })}</span> : null}
      </p>
    </section>
  );
}

function PhoneRow({ label, phone }: { label: string; phone: string | null }) {
  const tel = telLink(phone);
  const whatsApp = whatsAppLink(phone);
  if (!phone || !tel) return null;
  return (
    <div className="care-first__phone">
      <span className="care-first__phone-number">
        <span className="visually-hidden">{label}: </span>
        {phone}
      </span>
      <a className="button care-first__call" href={tel} aria-label={t('care.customer.call', { phone })}>
        {t('care.customer.callShort')}
      </a>
      {whatsApp && (
        <a className="button button--secondary care-first__whatsapp" href={whatsApp} target="_blank" rel="noopener noreferrer" aria-label={t('care.customer.whatsappLabel', { phone })}>
          {t('care.customer.whatsapp')}
        </a>
      )}
    </div>
  );
}
