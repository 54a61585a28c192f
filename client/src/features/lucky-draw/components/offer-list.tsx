import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminOffer } from '../../../../../contracts/offers';
import { CreateForm, FormField, PeriodFields, isoOf } from '../../console-kit/create-form';
import { formatDateTime, formatNumber } from '../../console-kit/format';
import { ListTable, type Column } from '../../console-kit/list-table';
import { DetailPanel, FormError, QueryView, fieldErrors, submitTo } from '../../console-kit/query-state';
import { useStaffRole } from '../../console-kit/staff-session-context';
import { useCreateOffer } from '../api/create-offer';
import { useOffers } from '../api/get-offers';
import { useDrawStep, type DrawStep } from '../api/run-draw-step';

const STATUS: Record<AdminOffer['status'], string> = { open: 'Open', committed: 'Committed', closed: 'Closed', drawn: 'Drawn' };

/** The next step of an offer's draw, as the admin's button says it. */
const NEXT: Record<AdminOffer['status'], { step: DrawStep; label: string } | null> = {
  open: { step: 'commit', label: 'Commit the draw' },
  committed: { step: 'close', label: 'Close and publish tokens' },
  closed: { step: 'draw', label: 'Hold the draw' },
  drawn: null,
};

/** Lucky-draw offers: care reads them; admins create one and run its draw step by step. */
export function OfferList() {
  const offers = useOffers();
  const role = useStaffRole();
  const [selected, setSelected] = useState<string | null>(null);
  const current = selected ? offers.data?.data.find((offer) => offer.id === selected) : undefined;
  const columns: Array<Column<AdminOffer>> = [
    { header: 'Offer', rowHeader: true, cell: (row) => `${row.name} (${row.id})` },
    { header: 'Period', cell: (row) => `${formatDateTime(row.starts_at)} – ${formatDateTime(row.ends_at)}` },
    { header: 'Discount', numeric: true, cell: (row) => `${row.discount_percent}%` },
    { header: 'Status', cell: (row) => STATUS[row.status] },
    { header: 'Eligible tokens', numeric: true, cell: (row) => (row.eligible_count === null ? '—' : formatNumber(row.eligible_count)) },
    {
      header: 'Actions',
      hiddenHeader: true,
      cell: (row) => (
        <button type="button" className="button button--secondary" onClick={() => setSelected(row.id)} aria-label={`Open offer ${row.name}`}>
          Open
        </button>
      ),
    },
  ];
  return (
    <>
      {role === 'admin' && <CreateOfferForm />}
      {current && <OfferPanel offer={current} canRun={role === 'admin'} onClose={() => setSelected(null)} />}
      <QueryView query={offers} loading="Loading offers…" what="Offers" empty={{ when: (answer) => answer.data.length === 0, text: 'No lucky-draw offers yet.' }}>
        {(answer) => <ListTable rows={answer.data} columns={columns} rowKey={(row) => row.id} />}
      </QueryView>
    </>
  );
}

function CreateOfferForm() {
  const create = useCreateOffer();
  const errors = fieldErrors(create.error);
  const submit = submitTo(create.mutate, (data) => ({
    name: String(data.get('name') ?? '').trim(),
    starts_at: isoOf(data.get('starts_at')),
    ends_at: isoOf(data.get('ends_at')),
    discount_percent: Number(data.get('discount_percent')),
  }));
  return (
    <CreateForm label="Create offer" title="Create a lucky-draw offer" submitLabel="Create offer" mutation={create} fields={errors} onSubmit={submit}>
      <p className="muted">Prizes: the offer page's table (1st 1 × ৳10,000 … 5th 20 × ৳500). One token per t-shirt of a delivered order placed in the period.</p>
      <FormField label="Name" error={errors.name}>
        <input name="name" required maxLength={120} className="field__input" />
      </FormField>
      <PeriodFields from={{ name: 'starts_at', label: 'Orders from' }} until={{ name: 'ends_at', label: 'Orders until' }} errors={errors} />
      <FormField label="Discount on offer lines (%)" error={errors.discount_percent}>
        <input name="discount_percent" type="number" step={1} min={0} max={10} defaultValue={10} required className="field__input" />
      </FormField>
    </CreateForm>
  );
}

/** An entry's first and last characters: enough to find it in the published list. */
const shortEntry = (entry: string) => (entry.length > 16 ? `${entry.slice(0, 8)}…${entry.slice(-4)}` : entry);

const WINNER_COLUMNS: Array<Column<AdminOffer['winners'][number]>> = [
  { header: '#', numeric: true, cell: (row) => row.slot },
  { header: 'Prize', cell: (row) => `${row.label} · ৳ ${formatNumber(row.amount)}` },
  { header: 'Token', cell: (row) => row.held_by ?? row.token },
  { header: 'Published entry', cell: (row) => <code title={row.token}>{shortEntry(row.token)}</code> },
  { header: 'Order', cell: (row) => (row.order_id ? <Link to={`/admin/orders/${row.order_id}`}>{row.order_id}</Link> : '—') },
  { header: 'Customer', cell: (row) => `${row.customer_name ?? '—'} · ${row.phone ?? '—'}` },
];

function OfferPanel({ offer, canRun, onClose }: { offer: AdminOffer; canRun: boolean; onClose: () => void }) {
  const step = useDrawStep();
  const next = NEXT[offer.status];
  return (
    <DetailPanel id="offer-title" title={`${offer.name} · ${STATUS[offer.status]}`} className="admin-coupon" onClose={onClose}>
      <dl className="admin-facts">
        <dt>Commitment</dt>
        <dd>{offer.commitment ?? 'not yet'}</dd>
        <dt>Entries commitment</dt>
        <dd>{offer.entries_commitment ?? 'not yet'}</dd>
        <dt>Eligible tokens</dt>
        <dd>{offer.eligible_count === null ? 'published at the close, as entries' : `${formatNumber(offer.eligible_count)} entries (hash ${offer.tokens_hash})`}</dd>
        <dt>Seed</dt>
        <dd>{offer.seed ?? 'revealed at the draw'}</dd>
      </dl>
      {canRun && (
        <div className="admin-actions__buttons">
          {offer.status === 'open' && (
            <button type="button" className="button button--secondary" disabled={step.isPending} onClick={() => step.mutate({ offerId: offer.id, step: 'end-now' })}>
              End the period now
            </button>
          )}
          {next && (
            <button type="button" className="button" disabled={step.isPending} onClick={() => step.mutate({ offerId: offer.id, step: next.step })}>
              {next.label}
            </button>
          )}
        </div>
      )}
      <FormError error={step.error} />
      {step.isSuccess && (
        <p className="notice" role="status">
          {step.data.message}
        </p>
      )}
      {offer.status === 'drawn' && (
        <>
          <h3>Winners</h3>
          <ListTable rows={offer.winners} columns={WINNER_COLUMNS} rowKey={(row) => String(row.slot)} />
          <p>
            <a href={`/offer/winners?offer=${offer.id}`}>The public winners page</a>
          </p>
        </>
      )}
    </DetailPanel>
  );
}
