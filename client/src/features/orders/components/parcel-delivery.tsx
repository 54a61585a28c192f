import type { ShipmentResponse } from '../../../../../contracts/shipments';
import { getLocale, t } from '../../../lib/i18n/locale';
import { formatStepTime } from '../types';

/**
 * The parcel on the tracking page (issue 29): the courier, the tracking code with a link to the courier's own
 * tracking page, and every step with its time and message (the courier's Bengali message where it gave one),
 * newest first with the current stage highlighted.
 */
export function ParcelDelivery({ shipment }: { shipment: ShipmentResponse }) {
  const bengali = getLocale() === 'bn';
  const steps = [...shipment.steps].reverse();
  const current = steps[0];
  return (
    <section className="parcel-delivery" aria-labelledby="parcel-delivery-title">
      <h3 id="parcel-delivery-title" className="tracking-result__subtitle">
        {t('parcel.delivery')}
      </h3>
      <dl className="parcel-delivery__facts">
        <div>
          <dt>{t('parcel.courier')}</dt>
          <dd>{shipment.courier_name}</dd>
        </div>
        <div>
          <dt>{t('parcel.trackingCode')}</dt>
          <dd className="tracking-result__code">{shipment.tracking_code}</dd>
        </div>
      </dl>
      {shipment.tracking_url && (
        <p>
          <a href={shipment.tracking_url} target="_blank" rel="noreferrer" className="parcel-delivery__link">
            {t('parcel.trackWithCourier', { courier: shipment.courier_name })}
            <span className="visually-hidden">{t('parcel.newTab')}</span>
          </a>
        </p>
      )}
      <ol className="parcel-steps" aria-label={t('parcel.steps')}>
        {steps.map((step) => {
          const now = step === current;
          const message = (bengali && step.message_bn) || step.message;
          return (
            <li key={`${step.stage}-${step.at}-${step.courier_status}`} className={`parcel-steps__step${now ? ' parcel-steps__step--current' : ''}`} aria-current={now ? 'step' : undefined}>
              <span className="parcel-steps__name">
                {t(`parcel.stage.${step.stage}`)}
                {now && <span className="parcel-steps__now"> · {t('parcel.now')}</span>}
              </span>
              <time className="parcel-steps__time" dateTime={step.at}>
                {formatStepTime(step.at)}
              </time>
              {message && <span className="parcel-steps__message">{message}</span>}
            </li>
          );
        })}
        <li className={`parcel-steps__step${steps.length === 0 ? ' parcel-steps__step--current' : ''}`} aria-current={steps.length === 0 ? 'step' : undefined}>
          <span className="parcel-steps__name">
            {t('parcel.bookedAt')}
            {steps.length === 0 && <span className="parcel-steps__now"> · {t('parcel.now')}</span>}
          </span>
          <time className="parcel-steps__time" dateTime={shipment.booked_at}>
            {formatStepTime(shipment.booked_at)}
          </time>
        </li>
      </ol>
    </section>
  );
}
