import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useAreaSearch, useChangeShippingArea } from '../api/change-shipping';

/**
 * Care picks the order's district and thana (ADR 059), for an address typed as free text or a customer who
 * moved: type a few letters, pick, give the customer's reason. The order's event keeps the old and the new.
 */
export function AreaChange({ orderId, onChanged }: { orderId: string; onChanged: () => void }) {
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<{ id: string; label: string } | null>(null);
  const [landmark, setLandmark] = useState('');
  const [reason, setReason] = useState('');
  const search = useAreaSearch(picked ? '' : text);
  const change = useChangeShippingArea();
  const error = change.error instanceof ApiError ? (change.error.serverMessage ?? 'The area could not be changed.') : change.error ? 'The area could not be changed.' : null;
  return (
    <details className="admin-area-change">
      <summary>Pick district and thana</summary>
      {picked ? (
        <p>
          <strong>{picked.label}</strong>{' '}
          <button type="button" className="link-button" onClick={() => setPicked(null)}>
            Change
          </button>
        </p>
      ) : (
        <div className="field">
          <label className="field__label" htmlFor={`area-${orderId}`}>
            District or thana (English or Bengali)
          </label>
          <input id={`area-${orderId}`} className="field__input" type="search" autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} />
          {(search.data?.data ?? []).length > 0 && (
            <ul className="admin-area-change__results" aria-label="Matching districts and thanas">
              {(search.data?.data ?? []).map((area) => (
                <li key={area.id}>
                  <button type="button" className="link-button" onClick={() => setPicked({ id: area.id, label: area.id.startsWith('d-') ? area.name : `${area.name}, ${area.district} (${area.zone.name})` })}>
                    {area.id.startsWith('d-') ? area.name : `${area.name}, ${area.district}`} · {area.name_bn}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`landmark-${orderId}`}>
          Landmark (optional)
        </label>
        <input id={`landmark-${orderId}`} className="field__input" maxLength={200} value={landmark} onChange={(e) => setLandmark(e.target.value)} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`area-reason-${orderId}`}>
          Customer&apos;s reason
        </label>
        <input id={`area-reason-${orderId}`} className="field__input" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
      {error && <p className="field__error">{error}</p>}
      <button
        type="button"
        className="button"
        disabled={!picked || !reason.trim() || change.isPending}
        onClick={() =>
          picked &&
          change.mutate(
            { orderId, areaId: picked.id, landmark: landmark.trim() || undefined, reason: reason.trim() },
            {
              onSuccess: () => {
                setPicked(null);
                setText('');
                setReason('');
                onChanged();
              },
            },
          )
        }
      >
        Save the area
      </button>
    </details>
  );
}
