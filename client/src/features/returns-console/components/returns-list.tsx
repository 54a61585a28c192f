import { useState } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../../lib/i18n/locale';
import { formatDateTime, formatTaka } from '../../console-kit/format';
import { ErrorNotice, Loading } from '../../console-kit/query-state';
import { useReturnAction, type ReturnAction } from '../api/return-action';
import { useReturns, type ReturnListRow } from '../api/get-returns';
import { usePickupCouriers } from '../api/get-pickup-couriers';
import { useReturnPhoto } from '../api/get-return-photo';
import './returns-console.css';

/**
 * Care's returns (issue 35): the requests with what each costs or gives back, and the next steps care can take
 * on each: approve, refuse with a reason, mark called, book the pick-up, receive the unit to stock or as
 * damaged, ship an exchange's new size, refund a return. `orderId` narrows it to one order (the order's page).
 */
export function ReturnsList({ orderId = '', showSteps = false }: { orderId?: string; showSteps?: boolean }) {
  const [stage, setStage] = useState(orderId ? '' : 'open');
  const returns = useReturns(stage, orderId);
  const act = useReturnAction();
  if (returns.isPending) return <Loading />;
  if (returns.isError) return <ErrorNotice error={returns.error} what="Returns" />;
  const rows = returns.data.data;
  return (
    <div className="returns-console">
      {!orderId && (
        <p className="returns-console__filter">
          {([['open', t('ret.console.open')], ['', t('ret.console.all')]] as const).map(([value, label]) => (
            <button key={value} type="button" className={stage === value ? 'button' : 'button button--secondary'} aria-pressed={stage === value} onClick={() => setStage(value)}>
              {label}
            </button>
          ))}
        </p>
      )}
      {act.isError && <ErrorNotice error={act.error} />}
      {rows.length === 0 ? (
        <p>{t('ret.console.empty')}</p>
      ) : (
        <table className="admin-table admin-table--cards">
          <thead>
            <tr>
              <th>{t('ret.console.order')}</th>
              <th>{t('ret.console.item')}</th>
              <th>{t('ret.console.request')}</th>
              <th>{t('ret.console.money')}</th>
              <th>{t('ret.console.stage')}</th>
              <th>{t('ret.console.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <ReturnRowView key={row.return_id} row={row} busy={act.isPending} act={(action) => act.mutate(action)} showSteps={showSteps} />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function ReturnRowView({ row, busy, act, showSteps }: { row: ReturnListRow; busy: boolean; act: (action: ReturnAction) => void; showSteps: boolean }) {
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const id = row.return_id;
  const open = ['requested', 'approved', 'pickup_booked', 'received'].includes(row.stage);
  const button = (label: string, action: ReturnAction, secondary = true) => (
    <button type="button" className={secondary ? 'button button--secondary button--small' : 'button button--small'} disabled={busy} onClick={() => act(action)}>
      {label}
    </button>
  );
  return (
    <tr>
      <td data-label={t('ret.console.order')}>
        <Link to={`/admin/orders/${row.order_id}`}>{row.order_id}</Link>
        <br />
        <small>{formatDateTime(row.requested_at)}</small>
      </td>
      <td data-label={t('ret.console.item')}>
        {row.product_name} ({row.size}) #{row.unit}
      </td>
      <td data-label={t('ret.console.request')}>
        {t(row.kind === 'exchange' ? 'ret.kind.exchange' : 'ret.kind.return')}
        {row.new_size ? ` → ${row.new_size}` : ''} · {t(`ret.reason.${row.reason}`)}
        {row.refusal ? <><br /><small>{row.refusal}</small></> : null}
        {row.photo ? <ReturnPhoto row={row} /> : null}
      </td>
      <td data-label={t('ret.console.money')}>
        {row.kind === 'exchange'
          ? t('ret.console.collect', { amount: formatTaka(row.price_difference + row.pickup_charge) })
          : t('ret.console.refund', { amount: formatTaka(row.refund_amount) })}
      </td>
      <td data-label={t('ret.console.stage')}>
        {t(`ret.stage.${row.stage}`)}
        {row.called ? ` · ${t('ret.console.calledDone')}` : ''}
        {row.pickup_tracking_code ? <><br /><small>{row.pickup_tracking_code}</small></> : null}
        {row.exchange_order_id ? <><br /><Link to={`/admin/orders/${row.exchange_order_id}`}>{row.exchange_order_id}</Link></> : null}
      </td>
      <td data-label={t('ret.console.actions')} className="returns-console__actions">
        {row.stage === 'requested' && button(t('ret.console.approve'), { action: 'approve', returnId: id }, false)}
        {(row.stage === 'requested' || row.stage === 'approved') &&
          (refusing ? (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                act({ action: 'refuse', returnId: id, reason });
              }}
            >
              <label className="field">
                <span className="field__label">{t('ret.console.refuseReason')}</span>
                <input className="field__input" value={reason} onChange={(event) => setReason(event.target.value)} maxLength={300} />
              </label>
              <button type="submit" className="button button--small" disabled={busy}>
                {t('ret.console.refuse')}
              </button>
            </form>
          ) : (
            <button type="button" className="button button--secondary button--small" onClick={() => setRefusing(true)}>
              {t('ret.console.refuse')}
            </button>
          ))}
        {open && !row.called && button(t('ret.console.called'), { action: 'called', returnId: id })}
        {row.stage === 'approved' && <PickupForm row={row} busy={busy} act={act} />}
        {(row.stage === 'approved' || row.stage === 'pickup_booked') && (
          <>
            {button(t('ret.console.toStock'), { action: 'receive', returnId: id, condition: 'stock' })}
            {button(t('ret.console.damaged'), { action: 'receive', returnId: id, condition: 'damaged' })}
          </>
        )}
        {row.kind === 'exchange' && !row.exchange_order_id && ['approved', 'pickup_booked', 'received'].includes(row.stage) && button(t('ret.console.ship'), { action: 'exchange', returnId: id }, false)}
        {row.kind === 'return' && row.stage === 'received' && (
          <>
            {button(t('ret.console.refundBkash'), { action: 'refund', returnId: id, method: 'bkash' })}
            {button(t('ret.console.refundCash'), { action: 'refund', returnId: id, method: 'cash' })}
            {button(t('ret.console.refundCredit'), { action: 'refund', returnId: id, method: 'store_credit' })}
          </>
        )}
        {showSteps && (
          <details>
            <summary>{t('ret.console.steps')}</summary>
            <ol className="returns-console__steps">
              {row.steps.map((step, index) => (
                <li key={index}>
                  {formatDateTime(step.at)} · {stepWords(step.event)} · {step.actor}
                  {step.note ? ` · ${step.note}` : ''}
                </li>
              ))}
            </ol>
          </details>
        )}
      </td>
    </tr>
  );
}

const STEP_EVENTS = ['ReturnRequested', 'ReturnApproved', 'ReturnRefused', 'ReturnCalled', 'ReturnPickupRequested', 'ReturnPickupBooked', 'ReturnReceived', 'ExchangeOrderCreated', 'ReturnRefunded'] as const;

/** A step's event in the console's words (an event this page does not know yet keeps its own name). */
function stepWords(event: string): string {
  const known = STEP_EVENTS.find((candidate) => candidate === event);
  return known ? t(`ret.step.${known}`) : event;
}

/** The shopper's photo (issue 35), fetched when care opens it: the console's API is the only way to it. */
function ReturnPhoto({ row }: { row: ReturnListRow }) {
  const [opened, setOpened] = useState(false);
  const photo = useReturnPhoto(row.return_id, opened);
  return (
    <details className="returns-console__photo" onToggle={(event) => setOpened((event.target as HTMLDetailsElement).open)}>
      <summary>{t('ret.console.photo')}</summary>
      {photo.isPending && opened && <small>{t('ret.console.photoLoading')}</small>}
      {photo.isError && <ErrorNotice error={photo.error} />}
      {photo.data && <img src={photo.data.photo} alt={t('ret.console.photoAlt', { item: `${row.product_name} (${row.size})` })} className="returns-console__photo-img" />}
    </details>
  );
}

/** Book the pick-up with a courier the store offers (the order's couriers); the manual courier takes care's tracking code. */
function PickupForm({ row, busy, act }: { row: ReturnListRow; busy: boolean; act: (action: ReturnAction) => void }) {
  const [opened, setOpened] = useState(false);
  const [courier, setCourier] = useState('');
  const [trackingCode, setTrackingCode] = useState('');
  const couriers = usePickupCouriers(row.order_id, opened);
  if (!opened) {
    return (
      <button type="button" className="button button--secondary button--small" onClick={() => setOpened(true)}>
        {t('ret.console.pickup')}
      </button>
    );
  }
  const offered = [...(couriers.data?.couriers.map((option) => ({ value: option.courier as string, label: option.name })) ?? []), { value: 'manual', label: 'Manual' }];
  const chosen = courier || couriers.data?.default_courier || (offered[0]?.value ?? 'manual');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        act({ action: 'pickup', returnId: row.return_id, courier: chosen, ...(chosen === 'manual' ? { tracking_code: trackingCode } : {}) });
      }}
    >
      <label className="field">
        <span className="field__label">{t('ret.console.courier')}</span>
        <select className="field__input" value={chosen} onChange={(event) => setCourier(event.target.value)} disabled={couriers.isPending}>
          {offered.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      {chosen === 'manual' && (
        <label className="field">
          <span className="field__label">{t('ret.console.trackingCode')}</span>
          <input className="field__input" value={trackingCode} onChange={(event) => setTrackingCode(event.target.value)} maxLength={60} />
        </label>
      )}
      <button type="submit" className="button button--small" disabled={busy || couriers.isPending}>
        {t('ret.console.pickup')}
      </button>
    </form>
  );
}
