import { useState } from 'react';
import { useCancelOrder } from '../api/cancel-order';

/**
 * "Cancel order" while the order is pending (issue 14): asks once more, then cancels; the tracking data
 * refreshes to Cancelled. Once care has confirmed the order the server says whom to call instead.
 */
export function CancelOrderButton({ orderId, phone, statusName }: { orderId: string; phone?: string; statusName: string }) {
  const cancel = useCancelOrder();
  const [asking, setAsking] = useState(false);
  if (statusName.trim().toLowerCase() !== 'pending') return null;
  if (cancel.isSuccess) return <p role="status">{cancel.data.message}</p>;
  return (
    <div className="cancel-order">
      {asking ? (
        <>
          <p>Cancel order {orderId}? The items go back to the shop.</p>
          <button type="button" className="button" disabled={cancel.isPending} onClick={() => cancel.mutate({ orderId, phone })}>
            Yes, cancel my order
          </button>{' '}
          <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
            Keep my order
          </button>
        </>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
          Cancel order
        </button>
      )}
      {cancel.isError && (
        <p className="notice notice--error" role="alert">
          {cancel.error.message}
        </p>
      )}
    </div>
  );
}
