import { useRef, useState, type FormEvent } from 'react';
import type { OrderHistoryLineResponse } from '../../../../../contracts/orders';
import type { CareShipmentResponse, CourierCode, ParcelStageCode, ShipmentResponse } from '../../../../../contracts/shipments';
import { PARCEL_STAGE_CODES } from '../../../../../contracts/shipments';
import { t } from '../../../lib/i18n/locale';
import { Card, Facts } from '../../console-kit/card';
import { formatDateTime, formatTaka } from '../../console-kit/format';
import { FormError, QueryView } from '../../console-kit/query-state';
import { useBookShipment } from '../api/book-shipment';
import { useShipment } from '../api/get-shipment';
import { useMoveParcelNextStep } from '../api/move-parcel-next-step';
import { useRecordParcelStep } from '../api/record-parcel-step';
import { useReceiveReturnedParcel } from '../api/receive-returned-parcel';

/** Our stage in words (English or Bengali). */
export function stageLabel(stage: ParcelStageCode): string {
  return t(`parcel.stage.${stage}`);
}

/**
 * Care's courier panel on one order (issue 29): before booking, the courier, the recipient and the amount to
 * collect for checking, and "Book"; after, the parcel with its steps, "Move to next step" for the demo courier,
 * a step form for the manual one, and receiving a parcel that came back. `lines` are the order's lines.
 */
export function CourierPanel({ orderId, lines, onChanged }: { orderId: string; lines: readonly OrderHistoryLineResponse[]; onChanged: () => void }) {
  const shipment = useShipment(orderId);
  return (
    <Card id="courier" title={t('ship.title')}>
      <QueryView query={shipment} loading={t('ship.loading')} what={t('ship.what')}>
        {(view) =>
          view.shipment ? <BookedParcel view={view} parcel={view.shipment} lines={lines} onChanged={onChanged} /> : <BookingForm view={view} onChanged={onChanged} />
        }
      </QueryView>
    </Card>
  );
}

function BookingForm({ view, onChanged }: { view: CareShipmentResponse; onChanged: () => void }) {
  const book = useBookShipment();
  const [courier, setCourier] = useState<CourierCode>(view.default_courier);
  /** A second click before React re-renders the disabled button never sends a second request. */
  const sending = useRef(false);
  const bookable = ['confirmed', 'processing'].includes(view.status.toLowerCase());
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current || book.isPending) return;
    const data = new FormData(event.currentTarget);
    sending.current = true;
    book.mutate(
      { orderId: view.order_id, courier, tracking_code: String(data.get('tracking_code') ?? '').trim() || undefined, courier_name: String(data.get('courier_name') ?? '').trim() || undefined },
      {
        onSuccess: onChanged,
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };
  return (
    <form className="admin-inline-form admin-courier" onSubmit={submit} aria-label={t('ship.what')}>
      <Facts
        facts={[
          { label: t('ship.recipient'), value: `${view.recipient.name} · ${view.recipient.phone}` },
          { label: t('ship.address'), value: view.recipient.address || '—', className: 'admin-pre' },
          { label: t('ship.toCollect'), value: formatTaka(view.amount_to_collect) },
        ]}
      />
      {view.booking_pending && (
        <p className="notice" role="status">
          {t('ship.pending', { courier: view.booking_pending.courier, at: formatDateTime(view.booking_pending.requested_at) })}
        </p>
      )}
      {!bookable && <p className="muted">{t('ship.notBookable')}</p>}
      {view.place.incomplete && view.couriers.some((option) => option.needs_district) && (
        <p className="notice" role="status">
          {t('ship.addressIncomplete', { couriers: view.couriers.filter((option) => option.needs_district).map((option) => option.name).join(', ') })}
        </p>
      )}
      <label className="admin-field">
        {t('ship.chooseCourier')}
        <select className="field__input" name="courier" value={courier} onChange={(event) => setCourier(event.target.value as CourierCode)}>
          {view.couriers.map((option) => (
            <option key={option.courier} value={option.courier} title={option.label}>
              {option.name}
            </option>
          ))}
        </select>
      </label>
      {courier === 'manual' && (
        <>
          <label className="admin-field">
            {t('ship.manualCode')}
            <input className="field__input" name="tracking_code" maxLength={60} required />
          </label>
          <label className="admin-field">
            {t('ship.manualName')}
            <input className="field__input" name="courier_name" maxLength={60} />
          </label>
        </>
      )}
      <button type="submit" className="button" disabled={book.isPending || !bookable}>
        {book.isPending ? t('ship.booking') : t('ship.book')}
      </button>
      <FormError error={book.error} />
    </form>
  );
}

function BookedParcel({ view, parcel, lines, onChanged }: { view: CareShipmentResponse; parcel: ShipmentResponse; lines: readonly OrderHistoryLineResponse[]; onChanged: () => void }) {
  const returning = parcel.stage === 'returning' || parcel.stage === 'returned';
  return (
    <div className="admin-courier">
      <Facts
        facts={[
          { label: t('parcel.courier'), value: parcel.courier_name },
          { label: t('ship.consignment'), value: parcel.consignment_id },
          {
            label: t('ship.trackingCode'),
            value: parcel.tracking_url ? (
              <a href={parcel.tracking_url} target="_blank" rel="noreferrer">
                {parcel.tracking_code}
              </a>
            ) : (
              parcel.tracking_code
            ),
          },
          {
            label: t('ship.stage'),
            value: (
              <>
                <span className="admin-badge" aria-label={`${t('ship.stage')}: ${stageLabel(parcel.stage)}`}>
                  {stageLabel(parcel.stage)}
                </span>{' '}
                <span className="muted">{t('ship.courierStatus', { status: parcel.courier_status })}</span>
              </>
            ),
          },
          { label: t('ship.bookedAt'), value: formatDateTime(parcel.booked_at) },
          { label: t('ship.toCollect'), value: formatTaka(parcel.amount_to_collect) },
        ]}
      />
      <h3 className="admin-courier__subtitle">{t('ship.steps')}</h3>
      {parcel.steps.length === 0 ? (
        <p className="muted">{t('ship.noSteps')}</p>
      ) : (
        <ol className="admin-courier__steps" aria-label={t('ship.steps')}>
          {parcel.steps.map((step) => (
            <li key={`${step.stage}-${step.at}-${step.courier_status}`}>
              <strong>{stageLabel(step.stage)}</strong> <span className="muted">{formatDateTime(step.at)}</span>
              {step.message && <> · {step.message}</>}
              {step.collected !== null && <> · {t('ship.collected', { amount: formatTaka(step.collected) })}</>}
            </li>
          ))}
        </ol>
      )}
      {parcel.courier === 'demo' && !returning && <NextStepButton orderId={view.order_id} parcel={parcel} onChanged={onChanged} />}
      {parcel.courier === 'manual' && <ManualStepForm orderId={view.order_id} onChanged={onChanged} />}
      {view.return_received ? (
        <p role="status">
          {t('ship.received', {
            restocked: view.return_received.restocked.reduce((sum, line) => sum + line.quantity, 0),
            damaged: view.return_received.damaged.reduce((sum, line) => sum + line.quantity, 0),
          })}
        </p>
      ) : (
        returning && <ReturnForm orderId={view.order_id} lines={lines} onChanged={onChanged} />
      )}
    </div>
  );
}

function NextStepButton({ orderId, parcel, onChanged }: { orderId: string; parcel: ShipmentResponse; onChanged: () => void }) {
  const move = useMoveParcelNextStep();
  const last = parcel.stage === 'delivered';
  return (
    <div className="admin-inline-form">
      <button type="button" className="button button--secondary" disabled={move.isPending || last} onClick={() => move.mutate({ orderId }, { onSuccess: onChanged })}>
        {move.isPending ? t('ship.moving') : t('ship.nextStep')}
      </button>
      {last && <span className="muted">{t('ship.lastStep')}</span>}
      <FormError error={move.error} />
    </div>
  );
}

const MANUAL_STAGES = PARCEL_STAGE_CODES.filter((stage) => stage !== 'booked');

function ManualStepForm({ orderId, onChanged }: { orderId: string; onChanged: () => void }) {
  const record = useRecordParcelStep();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const collected = String(data.get('collected') ?? '').trim();
    record.mutate(
      { orderId, stage: String(data.get('stage')) as ParcelStageCode, message: String(data.get('message') ?? '').trim() || undefined, collected: collected ? Number(collected) : undefined },
      {
        onSuccess: () => {
          form.reset();
          onChanged();
        },
      },
    );
  };
  return (
    <form className="admin-inline-form" onSubmit={submit} aria-label={t('ship.recordStep')}>
      <label className="admin-field">
        {t('ship.stepStage')}
        <select className="field__input" name="stage" defaultValue="picked-up">
          {MANUAL_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {stageLabel(stage)}
            </option>
          ))}
        </select>
      </label>
      <label className="admin-field">
        {t('ship.stepMessage')}
        <input className="field__input" name="message" maxLength={300} />
      </label>
      <label className="admin-field">
        {t('ship.stepCollected')}
        <input className="field__input" name="collected" type="number" min={0} step="0.01" />
      </label>
      <button type="submit" className="button button--secondary" disabled={record.isPending}>
        {t('ship.saveStep')}
      </button>
      {record.data && !record.data.recorded && <p role="status">{t('ship.notRecorded')}</p>}
      <FormError error={record.error} />
    </form>
  );
}

function ReturnForm({ orderId, lines, onChanged }: { orderId: string; lines: readonly OrderHistoryLineResponse[]; onChanged: () => void }) {
  const receive = useReceiveReturnedParcel();
  const [damaged, setDamaged] = useState<Record<string, number>>({});
  const key = (line: OrderHistoryLineResponse) => `${line.id}|${line.size}`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (receive.isPending) return;
    const note = String(new FormData(event.currentTarget).get('note') ?? '').trim() || undefined;
    const units = lines.filter((line) => (damaged[key(line)] ?? 0) > 0).map((line) => ({ product_id: line.id, size: line.size, quantity: Math.min(line.qty, damaged[key(line)] ?? 0) }));
    receive.mutate({ orderId, damaged: units, note }, { onSuccess: onChanged });
  };
  return (
    <form className="admin-inline-form admin-courier__return" onSubmit={submit} aria-label={t('ship.returnTitle')}>
      <h3 className="admin-courier__subtitle">{t('ship.returnTitle')}</h3>
      <p className="muted">{t('ship.returnIntro')}</p>
      {lines.map((line) => {
        const broken = Math.min(line.qty, damaged[key(line)] ?? 0);
        return (
          <fieldset key={key(line)} className="admin-courier__line">
            <legend>{t('ship.returnLine', { name: line.productName, size: line.size, qty: line.qty })}</legend>
            <label className="admin-field">
              {t('ship.damaged')}
              <input
                className="field__input"
                type="number"
                min={0}
                max={line.qty}
                value={broken}
                onChange={(event) => setDamaged((now) => ({ ...now, [key(line)]: Math.max(0, Math.min(line.qty, Math.floor(Number(event.target.value) || 0))) }))}
              />
            </label>
            <span className="muted">{t('ship.toStock', { n: line.qty - broken })}</span>
          </fieldset>
        );
      })}
      <label className="admin-field">
        {t('ship.returnNote')}
        <input className="field__input" name="note" maxLength={500} />
      </label>
      <button type="submit" className="button" disabled={receive.isPending}>
        {t('ship.receive')}
      </button>
      <FormError error={receive.error} />
    </form>
  );
}
