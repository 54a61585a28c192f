import { useState, type FormEvent } from 'react';
import { showAlert, showToast } from '../../../components/feedback/feedback-store';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import type { Brand } from '../api/brands-keys';
import { useSaveBrand } from '../api/save-brand';

/** Add or edit a brand: name, description, status (1 active, 0 inactive). */
export function BrandForm({ brand, onSaved }: { brand?: Brand; onSaved: () => void }) {
  const [name, setName] = useState(brand?.name ?? '');
  const [description, setDescription] = useState(brand?.description ?? '');
  const [status, setStatus] = useState(brand?.status ?? 1);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveBrand();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await save.mutateAsync({ ...(brand ? { id: brand.id } : {}), name: name.trim(), description, status });
      showToast({ kind: 'success', title: 'Brand saved.' });
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors(error.firstFieldErrors);
      else await showAlert({ kind: 'error', title: 'Error', text: error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Something went wrong.' });
    }
  }

  return (
    <form className="form card" onSubmit={(e) => void submit(e)} noValidate>
      <TextField label="Name" name="name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
      <div className="field">
        <label className="field__label" htmlFor="brand-description">
          Description
        </label>
        <textarea id="brand-description" className="field__input" value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="brand-status">
          Status
        </label>
        <select id="brand-status" className="field__input" value={status} onChange={(e) => setStatus(Number(e.target.value))}>
          <option value={1}>Active</option>
          <option value={0}>Inactive</option>
        </select>
        {errors.status && <p className="field__error">{errors.status}</p>}
      </div>
      <button type="submit" className="button" disabled={save.isPending}>
        Save
      </button>
    </form>
  );
}
