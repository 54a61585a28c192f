import type { StaffMember } from '../../../../../contracts/catalog-admin';
import { CreateForm, FormField } from '../../console-kit/create-form';
import { formatDateTime } from '../../console-kit/format';
import { ListTable, type Column } from '../../console-kit/list-table';
import { QueryView, errorMessage, fieldErrors, submitTo } from '../../console-kit/query-state';
import { useStaffRole } from '../../console-kit/staff-session-context';
import { getLocale, t, useMessages } from '../../../lib/i18n/locale';
import { staffMessages } from '../../../lib/i18n/messages/staff';
import { useAddStaff, useDisableStaff, useResendInvitation, useRevokeInvitation, useStaff } from '../api/staff';
import { invitationDate } from './invitation-page';

/** A member's real state: working, invited (until when the link works, or that it expired), or disabled. */
function statusOf(row: StaffMember): string {
  if (row.status === 'active') return t('staff.status.active');
  if (row.status === 'disabled') return t('staff.status.disabled');
  const until = row.invitation_expires_at;
  if (!until) return t('staff.status.expired', { date: '—' });
  return Date.parse(until) > Date.now() ? t('staff.status.invited', { date: invitationDate(until) }) : t('staff.status.expired', { date: invitationDate(until) });
}

/** Staff accounts: admins invite one (a mail with a week-long link), send it again or withdraw it, or disable a member (signed out at once). */
export function StaffList() {
  useMessages(staffMessages);
  const staff = useStaff();
  const disable = useDisableStaff();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const readOnly = useStaffRole() !== 'admin';
  const columns: Array<Column<StaffMember>> = [
    { header: 'Name', cell: (row) => row.name },
    // A long address wraps instead of widening a 360 px phone's page.
    { header: 'E-mail', cell: (row) => <span style={{ overflowWrap: 'anywhere' }}>{row.email}</span> },
    { header: 'Role', cell: (row) => row.role },
    { header: 'Status', cell: (row) => statusOf(row) },
    { header: 'Since', cell: (row) => formatDateTime(row.created_at) },
    {
      header: 'Actions',
      hiddenHeader: true,
      cell: (row) =>
        !readOnly && row.status === 'invited' ? (
          <span className="admin-actions">
            <button type="button" className="button button--secondary" disabled={resend.isPending} onClick={() => resend.mutate({ id: row.id, locale: getLocale() })}>
              {t('staff.resend')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={revoke.isPending}
              onClick={() => window.confirm(t('staff.revokeConfirm', { name: row.name })) && revoke.mutate({ id: row.id })}
            >
              {t('staff.revoke')}
            </button>
          </span>
        ) : !readOnly && row.status !== 'disabled' ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={disable.isPending}
            onClick={() => window.confirm(`Disable ${row.name}? They are signed out at once.`) && disable.mutate({ id: row.id })}
            aria-label={`Disable ${row.name}`}
          >
            Disable
          </button>
        ) : null,
    },
  ];
  return (
    <>
      {!readOnly && <AddStaffForm />}
      {disable.error && <p className="notice notice--error" role="alert">{errorMessage(disable.error)}</p>}
      {(resend.error || revoke.error) && <p className="notice notice--error" role="alert">{errorMessage(resend.error ?? revoke.error)}</p>}
      {resend.data && !resend.isPending && (
        <p className="notice" role="status">
          {t('staff.resent', { email: resend.data.email })}
        </p>
      )}
      {revoke.isSuccess && (
        <p className="notice" role="status">
          {t('staff.revoked')}
        </p>
      )}
      <QueryView query={staff} what="Staff">
        {(answer) => <ListTable rows={answer.data} columns={columns} rowKey={(row) => row.id} />}
      </QueryView>
    </>
  );
}

function AddStaffForm() {
  const add = useAddStaff();
  const errors = fieldErrors(add.error);
  const submit = submitTo(add.mutate, (data) => ({
    name: String(data.get('name') ?? '').trim(),
    email: String(data.get('email') ?? '').trim(),
    role: data.get('role') === 'admin' ? ('admin' as const) : ('care' as const),
    locale: data.get('locale') === 'bn' ? ('bn' as const) : ('en' as const),
  }));
  return (
    <CreateForm
      label="Add staff member"
      title="Add a staff member"
      submitLabel="Add and send the invitation"
      className="form card"
      mutation={add}
      fields={errors}
      onSubmit={submit}
      done={add.data && t('staff.add.done', { email: add.data.email })}
    >
      <FormField label="Name" error={errors.name}>
        <input name="name" required maxLength={100} className="field__input" />
      </FormField>
      <FormField label="E-mail" error={errors.email}>
        <input name="email" type="email" required className="field__input" />
      </FormField>
      <label>
        Role
        <select name="role" className="field__input" defaultValue="care">
          <option value="care">Customer care</option>
          <option value="admin">Admin</option>
        </select>
      </label>
      <label>
        {t('staff.add.language')}
        <select name="locale" className="field__input" defaultValue={getLocale()}>
          <option value="en">English</option>
          <option value="bn">বাংলা</option>
        </select>
      </label>
    </CreateForm>
  );
}
