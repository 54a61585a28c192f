import { Link } from 'react-router-dom';
import type { EventRow } from '../../../../../contracts/events';
import { actorWords } from '../../console-kit/actor-words';
import { ErrorNotice, Loading } from '../../console-kit/query-state';
import { shopDateTime } from '../../console-kit/shop-time';
import { useSkuStream } from '../api/get-sku-stream';

interface Line {
  key: string;
  text: string;
  when: string;
  note?: string;
  order?: string;
}

type Facts = { quantity?: number; delta?: number; orderId?: string; reason?: string };
type Metadata = { actor?: { id?: string; role?: string; name?: string }; note?: string | null };

/**
 * One stock movement in the owner's words: "20 received by Rahim, 3 Dec 2026, 14:05 — new batch". Never the
 * event's name, stream or version: those stay on the System pages.
 */
export function stockLine(event: EventRow): Line {
  const data = (event.data ?? {}) as Facts;
  const metadata = (event.metadata ?? {}) as Metadata;
  const by = actorWords(metadata.actor);
  const when = shopDateTime(event.recordedAt);
  const base = { key: event.id, when };
  switch (event.type) {
    case 'StockReceived':
      return { ...base, text: `${data.quantity ?? 0} received by ${by}`, note: metadata.note ?? undefined };
    case 'StockAdjusted': {
      const delta = data.delta ?? 0;
      return { ...base, text: `${delta > 0 ? `${delta} added` : `${Math.abs(delta)} taken off`} by ${by}`, note: data.reason ?? metadata.note ?? undefined };
    }
    case 'StockReserved':
      return { ...base, text: `${data.quantity ?? 0} set aside for order`, order: data.orderId };
    case 'StockReleased':
      return { ...base, text: `${data.quantity ?? 0} back in stock from order`, order: data.orderId, note: releaseReason(data.reason) };
    default:
      return { ...base, text: 'Stock changed' };
  }
}

function releaseReason(reason: string | undefined): string | undefined {
  if (!reason) return undefined;
  // The ordering context's reasons are words already ("cancelled", "line removed"); keep them, minus code-like ones.
  return /^[a-z]+(-[a-z]+)+$/.test(reason) ? reason.replace(/-/g, ' ') : reason;
}

/** The size's stock movements, newest first; a size never stocked says so instead of failing. */
export function StockHistory({ productId, size }: { productId: number; size: string }) {
  const stream = useSkuStream(productId, size);
  if (stream.isPending) return <Loading label="Loading the history…" />;
  if (stream.isError) return <ErrorNotice error={stream.error} what="Stock history" />;
  const lines = [...stream.data.data].reverse().map(stockLine);
  if (lines.length === 0) return <p className="muted">No stock has been received in this size yet.</p>;
  return (
    <ol className="admin-history" aria-label="Stock history">
      {lines.map((line) => (
        <li key={line.key}>
          {line.text}
          {line.order && (
            <>
              {' '}
              <Link to={`/admin/orders/${encodeURIComponent(line.order)}`}>{line.order}</Link>
            </>
          )}
          , {line.when}
          {line.note && <> — {line.note}</>}
        </li>
      ))}
    </ol>
  );
}
