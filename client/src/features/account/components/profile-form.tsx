import { normalizePhone } from '../../../../../contracts/phone';
import { useState, type FormEvent } from 'react';
import { showAlert, showToast } from '../../../components/feedback/feedback-store';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useUpdateUserFrontend } from '../api/update-user-frontend';
import type { AccountUser } from '../api/types';

/** Profile (spec §2): editable name; e-mail and phone read-only. */
export function ProfileForm({ user, onUpdated }: { user: AccountUser; onUpdated: (user: AccountUser) => void }) {
  const [name, setName] = useState(user.name);
  const update = useUpdateUserFrontend();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await update.mutateAsync({ name: name.trim(), phone_number: normalizePhone(user.phone_number ?? '') });
      onUpdated(answer.user ?? { ...user, name: name.trim() });
      showToast({ kind: 'success', title: 'Has been successfully update' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        await showAlert({ kind: 'error', title: 'Validation Errors', items: Object.values(error.fieldErrors).flat() });
      } else {
        await showAlert({ kind: 'error', title: 'Error', text: error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Something went wrong.' });
      }
    }
  }

  return (
    <form className="form card" onSubmit={(e) => void submit(e)} noValidate>
      <TextField label="Name" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
      <TextField label="Email" name="email" value={user.email} readOnly />
      <TextField label="Phone number" name="phone_number" value={user.phone_number ?? ''} readOnly />
      <button type="submit" className="button" disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Update Profile'}
      </button>
    </form>
  );
}
