import { useState } from 'react';
import type { CouponRedemptionRow, CouponRow } from '../../../../../contracts/coupons';
import { CreateForm, FormField, PeriodFields, isoOf } from '../../console-kit/create-form';
import { formatDateTime } from '../../console-kit/format';
import { ListTable, type Column } from '../../console-kit/list-table';
import { DetailPanel, FormError, QueryView, fieldErrors, submitTo } from '../../console-kit/query-state';
import { useCreateCoupon } from '../api/create-coupon';
import { useDisableCoupon } from '../api/disable-coupon';
import { useEditCoupon } from '../api/edit-coupon';
import { useCouponRedemptions } from '../api/get-coupon-redemptions';
import { useCoupons } from '../api/get-coupons';

/** Coupons (admin only): every code with its rules and uses; create, disable with a reason, see redemptions. */
export function CouponList() {
  const coupons = useCoupons();
  const [selected, setSelected] = useState<CouponRow | null>(null);
  const current = selected && (coupons.data?.data.find((row) => row.code === selected.code) ?? selected);
  const columns: Array<Column<CouponRow>> = [
    { header: 'Code', cell: (row) => row.code },
    { header: 'Percent', numeric: true, cell: (row) => `${row.percent}%` },
    { header: 'Valid', cell: (row) => `${formatDateTime(row.validFrom)} – ${formatDateTime(row.validUntil)}` },
    { header: 'Uses', numeric: true, cell: (row) => `${row.uses} / ${row.totalLimit}` },
    { header: 'Per phone', numeric: true, cell: (row) => row.perPhoneLimit },
    { header: 'Proven phone', cell: (row) => (row.requiresVerifiedPhone ? 'Required' : 'No') },
    { header: 'Status', cell: (row) => (row.disabled ? <span title={row.disabledReason ?? undefined}>Disabled</span> : 'Active') },
    {
      header: 'Actions',
      hiddenHeader: true,
      cell: (row) => (
        <button type="button" className="button button--secondary" onClick={() => setSelected(row)} aria-label={`Open coupon ${row.code}`}>
          {row.disabled ? 'Redemptions' : 'Edit / redemptions'}
        </button>
      ),
    },
  ];
  return (
    <>
      <CreateCouponForm />
      {current && <CouponPanel coupon={current} onClose={() => setSelected(null)} />}
      <QueryView query={coupons} loading="Loading coupons…" what="Coupons" empty={{ when: (answer) => answer.data.length === 0, text: 'No coupons yet.' }}>
        {(answer) => <ListTable rows={answer.data} columns={columns} rowKey={(row) => row.code} />}
      </QueryView>
    </>
  );
}

const REDEMPTION_COLUMNS: Array<Column<CouponRedemptionRow>> = [
  { header: 'Order', cell: (row) => row.orderId },
  { header: 'Phone', cell: (row) => row.phone },
  { header: 'Redeemed', cell: (row) => formatDateTime(row.redeemedAt) },
  { header: 'Given back', cell: (row) => (row.released ? `Yes, ${formatDateTime(row.releasedAt)}` : 'No') },
];

function CreateCouponForm() {
  const create = useCreateCoupon();
  const errors = fieldErrors(create.error);
  const submit = submitTo(create.mutate, (data) => ({
    code: String(data.get('code') ?? '').trim().toUpperCase(),
    percent: Number(data.get('percent')),
    validFrom: isoOf(data.get('validFrom')),
    validUntil: isoOf(data.get('validUntil')),
    totalLimit: Number(data.get('totalLimit')),
    perPhoneLimit: Number(data.get('perPhoneLimit')),
    requiresVerifiedPhone: data.get('requiresVerifiedPhone') === 'on',
  }));
  return (
    <CreateForm label="Create coupon" title="Create a coupon" submitLabel="Create coupon" mutation={create} fields={errors} onSubmit={submit}>
      <FormField label="Code" error={errors.code}>
        <input name="code" required minLength={3} maxLength={30} pattern="[A-Za-z0-9]{3,30}" className="field__input" />
      </FormField>
      <FormField label="Percent off" error={errors.percent}>
        <input name="percent" type="number" step={1} min={1} max={90} required className="field__input" />
      </FormField>
      <PeriodFields from={{ name: 'validFrom', label: 'Valid from' }} until={{ name: 'validUntil', label: 'Valid until' }} errors={errors} />
      <FormField label="Total uses" error={errors.totalLimit}>
        <input name="totalLimit" type="number" step={1} min={1} required className="field__input" />
      </FormField>
      <FormField label="Uses per phone" error={errors.perPhoneLimit}>
        <input name="perPhoneLimit" type="number" step={1} min={1} defaultValue={1} required className="field__input" />
      </FormField>
      <ProvenPhoneField error={errors.requiresVerifiedPhone} />
    </CreateForm>
  );
}

function CouponPanel({ coupon, onClose }: { coupon: CouponRow; onClose: () => void }) {
  const redemptions = useCouponRedemptions(coupon.code);
  const title = (
    <>
      {coupon.code} · {coupon.percent}% {coupon.disabled && <span className="muted">(disabled: {coupon.disabledReason})</span>}
    </>
  );
  return (
    <DetailPanel id="coupon-title" title={title} className="admin-coupon" onClose={onClose}>
      {!coupon.disabled && <ProvenPhoneForm coupon={coupon} />}
      {!coupon.disabled && <DisableCouponForm code={coupon.code} />}
      <h3>Redemptions</h3>
      <QueryView query={redemptions} what="Redemptions" empty={{ when: (answer) => answer.data.length === 0, text: 'No order has used this coupon yet.' }}>
        {(answer) => <ListTable rows={answer.data} columns={REDEMPTION_COLUMNS} rowKey={(row) => `${row.orderId}-${row.redeemedAt}`} />}
      </QueryView>
    </DetailPanel>
  );
}

const PROVEN_PHONE_HINT =
  'The checkout must prove the contact phone with an SMS code, and each proven phone counts as one customer for the per-phone limit (the address is not compared then).';

function ProvenPhoneField({ error, defaultChecked = false }: { error?: string; defaultChecked?: boolean }) {
  return (
    <div className="field">
      <label className="admin-check">
        <input type="checkbox" name="requiresVerifiedPhone" defaultChecked={defaultChecked} aria-describedby="coupon-proven-phone-hint" /> Needs a proven phone
      </label>
      <p id="coupon-proven-phone-hint" className="muted">
        {PROVEN_PHONE_HINT}
      </p>
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}

function ProvenPhoneForm({ coupon }: { coupon: CouponRow }) {
  const edit = useEditCoupon();
  const errors = fieldErrors(edit.error);
  const submit = submitTo(edit.mutate, (data) => ({ code: coupon.code, requiresVerifiedPhone: data.get('requiresVerifiedPhone') === 'on' }));
  return (
    <form className="form admin-stock-form" onSubmit={submit} aria-label="Edit coupon" key={String(coupon.requiresVerifiedPhone)}>
      <h3>Edit</h3>
      <ProvenPhoneField error={errors.requiresVerifiedPhone} defaultChecked={coupon.requiresVerifiedPhone} />
      <FormError error={edit.error} fields={errors} />
      {edit.isSuccess && <p role="status">{edit.data.message}</p>}
      <button type="submit" className="button" disabled={edit.isPending}>
        Save coupon
      </button>
    </form>
  );
}

function DisableCouponForm({ code }: { code: string }) {
  const disable = useDisableCoupon();
  const errors = fieldErrors(disable.error);
  const submit = submitTo(disable.mutate, (data) => ({ code, reason: String(data.get('reason') ?? '').trim() }));
  return (
    <form className="form admin-stock-form" onSubmit={submit} aria-label="Disable coupon">
      <h3>Disable</h3>
      <label>
        Reason
        <input name="reason" required minLength={3} maxLength={500} className="field__input" />
      </label>
      {errors.reason && <p className="field__error">{errors.reason}</p>}
      <FormError error={disable.error} fields={errors} />
      <button type="submit" className="button" disabled={disable.isPending}>
        Disable coupon
      </button>
    </form>
  );
}
