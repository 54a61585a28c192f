import { useRef, useState, type FormEvent } from 'react';
import type { CourierCode } from '../../../../../contracts/shipments';
import { t } from '../../../lib/i18n/locale';
import { Card } from '../../console-kit/card';
import { formatNumber } from '../../console-kit/format';
import { fieldErrors, FormError } from '../../console-kit/query-state';
import { useFetchPayouts } from '../api/fetch-payouts';
import { useImportStatement } from '../api/import-statement';
import { fetchTotals, STATEMENT_MAX_KB, statementFileProblem, type AwaitedPayouts } from '../payout-figures';
import { courierLabel } from './courier-label';

/** Couriers whose statement files the store reads (the manual courier books by phone and sends none). */
const STATEMENT_COURIERS: readonly CourierCode[] = ['steadfast', 'pathao', 'redx', 'demo'];

type OnRecorded = (what: Omit<AwaitedPayouts, 'until'>) => void;

/** "Fetch payouts now" and "Import a statement"; `onRecorded` when something was recorded, for the page to wait for it. */
export function PayoutActions({ parcelsListed, onRecorded }: { parcelsListed: number | undefined; onRecorded: OnRecorded }) {
  return (
    <Card id="payouts-actions" title={t('payouts.actions')}>
      <div className="admin-payouts__actions">
        <FetchPayouts parcelsListed={parcelsListed} onRecorded={onRecorded} />
        <StatementImport onRecorded={onRecorded} />
      </div>
    </Card>
  );
}

function FetchPayouts({ parcelsListed, onRecorded }: { parcelsListed: number | undefined; onRecorded: OnRecorded }) {
  const fetchNow = useFetchPayouts();
  const fetchPayouts = () => {
    const parcelsBefore = parcelsListed;
    fetchNow.mutate(
      {},
      {
        onSuccess: (answer) => {
          if (fetchTotals(answer.couriers).recorded > 0) onRecorded({ parcelsBefore });
        },
      },
    );
  };
  const totals = fetchNow.data ? fetchTotals(fetchNow.data.couriers) : null;
  return (
    <div className="admin-actions__buttons">
      <button type="button" className="button button--secondary" disabled={fetchNow.isPending} onClick={fetchPayouts}>
        {fetchNow.isPending ? t('payouts.fetching') : t('payouts.fetch')}
      </button>
      {totals && (
        <p className="notice" role="status">
          {totals.couriers === 0
            ? t('payouts.fetchedNothing')
            : t('payouts.fetched', { payouts: formatNumber(totals.payouts), recorded: formatNumber(totals.recorded), unmatched: formatNumber(totals.unmatched) })}
        </p>
      )}
      <FormError error={fetchNow.error} />
    </div>
  );
}

function StatementImport({ onRecorded }: { onRecorded: OnRecorded }) {
  const importing = useImportStatement();
  /** A problem found in the browser (no file, too large, unreadable), shown by the file field. */
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const reading = useRef(false);
  const server = fieldErrors(importing.error);
  const shown = { courier: server.courier, content: fileProblem ?? server.content, statement_id: server.statement_id };
  const fieldsShown = Object.fromEntries(Object.entries(shown).filter((entry): entry is [string, string] => Boolean(entry[1])));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reading.current || importing.isPending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get('file');
    const chosen = file instanceof File ? file : null;
    const problem = statementFileProblem(chosen);
    importing.reset();
    if (!chosen || problem) {
      setFileProblem(problem === 'missing' ? t('payouts.fileMissing') : t('payouts.fileTooLarge', { kb: formatNumber(STATEMENT_MAX_KB) }));
      return;
    }
    reading.current = true;
    let content: string;
    try {
      content = await chosen.text();
    } catch {
      setFileProblem(t('payouts.fileUnreadable'));
      return;
    } finally {
      reading.current = false;
    }
    setFileProblem(null);
    const statementId = String(data.get('statement_id') ?? '').trim();
    importing.mutate(
      { courier: String(data.get('courier')) as CourierCode, content, statement_id: statementId || undefined },
      {
        onSuccess: (answer) => {
          form.reset();
          if (answer.recorded > 0) onRecorded({ payout: { courier: answer.courier, payoutId: answer.payout_id, parcels: answer.recorded } });
        },
      },
    );
  };

  const result = importing.data;
  return (
    <form className="admin-payouts__import" aria-label={t('payouts.import')} onSubmit={(event) => void submit(event)} noValidate>
      <h3 className="admin-courier__subtitle">{t('payouts.import')}</h3>
      <p className="muted">{t('payouts.importIntro')}</p>
      <label>
        {t('payouts.importCourier')}
        <select className="field__input" name="courier" defaultValue="steadfast" aria-invalid={shown.courier ? true : undefined} aria-describedby={shown.courier ? 'statement-courier-error' : undefined}>
          {STATEMENT_COURIERS.map((code) => (
            <option key={code} value={code}>
              {courierLabel(code)}
            </option>
          ))}
        </select>
      </label>
      {shown.courier && (
        <span id="statement-courier-error" className="field__error">
          {shown.courier}
        </span>
      )}
      <label>
        {t('payouts.importFile')}
        <input
          className="field__input"
          type="file"
          name="file"
          accept=".csv,text/csv,text/plain"
          aria-invalid={shown.content ? true : undefined}
          aria-describedby={shown.content ? 'statement-file-error' : undefined}
          onChange={() => setFileProblem(null)}
        />
      </label>
      {shown.content && (
        <span id="statement-file-error" className="field__error" role="alert">
          {shown.content}
        </span>
      )}
      <label>
        {t('payouts.importNumber')}
        <input className="field__input" name="statement_id" maxLength={60} autoComplete="off" aria-invalid={shown.statement_id ? true : undefined} aria-describedby={shown.statement_id ? 'statement-id-error' : undefined} />
      </label>
      {shown.statement_id && (
        <span id="statement-id-error" className="field__error">
          {shown.statement_id}
        </span>
      )}
      <div className="admin-actions__buttons">
        <button type="submit" className="button" disabled={importing.isPending}>
          {importing.isPending ? t('payouts.importing') : t('payouts.importButton')}
        </button>
      </div>
      {result && (
        <p className="notice" role="status">
          {result.recorded === 0
            ? t('payouts.importedNothing')
            : t('payouts.imported', { lines: formatNumber(result.lines), recorded: formatNumber(result.recorded), unmatched: formatNumber(result.unmatched) })}
        </p>
      )}
      <FormError error={fileProblem ? null : importing.error} fields={fieldsShown} />
    </form>
  );
}
