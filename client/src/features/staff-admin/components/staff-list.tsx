import type { FormEvent } from 'react';
import type { StaffMember } from '../../../../../contracts/catalog-admin';
import { formatDateTime } from '../../console-kit/format';
import { ListTable, type Column } from '../../console-kit/list-table';
import { FormError, QueryView, errorMessage, fieldErrors } from '../../console-kit/query-state';
import { useStaffRole } from '../../console-kit/staff-session-context';
import { useAddStaff, useDisableStaff, useStaff } from '../api/staff';

const STATUS: Record<StaffMember['status'], string> = { active: 'Active', invited: 'Invited (no password yet)', disabled: 'Disabled' };

/** Staff accounts: admins add one (a set-password link is mailed) or disable one (signed out at once). */
export function StaffList() {
  const staff = useStaff();
  const disable = useDisableStaff();
  const readOnly = useStaffRole() !== 'admin';
  const columns: Array<Column<StaffMember>> = [
    { header: 'Name', cell: (row) => row.name },
    { header: 'E-mail', cell: (row) => row.email },
    { header: 'Role', cell: (row) => row.role },
    { header: 'Status', cell: (row) => STATUS[row.status] },
    { header: 'Since', cell: (row) => formatDateTime(row.created_at) },
    {
      header: 'Actions',
      hiddenHeader: true,
      cell: (row) =>
        !readOnly && row.status !== 'disabled' ? (
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
      <QueryView query={staff} what="Staff">
        {(answer) => <ListTable rows={answer.data} columns={columns} rowKey={(row) => row.id} />}
      </QueryView>
    </>
  );
}

function AddStaffForm() {
  const add = useAddStaff();
  const errors = fieldErrors(add.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    add.mutate(
      { name: String(data.get('name') ?? '').trim(), email: String(data.get('email') ?? '').trim(), role: data.get('role') === 'admin' ? 'admin' : 'care' },
      { onSuccess: () => form.reset() },
    );
  };
  return (
    <form className="form card" onSubmit={submit} aria-label="Add staff member">
      <h2 className="section-title">Add a staff member</h2>
      <label>
        Name
        <input name="name" required maxLength={100} className="field__input" />
      </label>
      {errors.name && <p className="field__error">{errors.name}</p>}
      <label>
        E-mail
        <input name="email" type="email" required className="field__input" />
      </label>
      {errors.email && <p className="field__error">{errors.email}</p>}
      <label>
        Role
        <select name="role" className="field__input" defaultValue="care">
          <option value="care">Customer care</option>
          <option value="admin">Admin</option>
        </select>
      </label>
      <FormError error={add.error} fields={errors} />
      {add.isSuccess && <p className="notice" role="status">{add.data.email} was sent a link to set a password.</p>}
      <button type="submit" className="button" disabled={add.isPending}>
        Add and send the link
      </button>
    </form>
  );
}
