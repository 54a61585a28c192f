import { useState } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../../lib/i18n/locale';
import { formatDateTime, formatTaka } from '../../console-kit/format';
import { ErrorNotice, Loading } from '../../console-kit/query-state';
import { useReturnAction, type ReturnAction } from '../api/return-action';
import { useReturns, type ReturnListRow } from '../api/get-returns';
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
        {row.stage === 'approved' && button(t('ret.console.pickup'), { action: 'pickup', returnId: id, courier: 'demo' })}
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
                  {formatDateTime(step.at)} · {step.event} · {step.actor}
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
