import type { EventRow } from '../../../../contracts/events';
import { formatDateTime } from './format';
import { JsonView } from './json-view';

/** Events as cards: they stay readable on a phone where a wide table would not. */
export function EventList({ events, onStream }: { events: EventRow[]; onStream?: (streamId: string) => void }) {
  if (events.length === 0) return <p className="muted">No events.</p>;
  return (
    <ol className="admin-events">
      {events.map((event) => (
        <li key={event.id} className="admin-event">
          <div className="admin-event__head">
            <strong>{event.type}</strong>
            <span className="muted">#{event.position}</span>
          </div>
          <div className="admin-event__meta">
            <time dateTime={event.recordedAt}>{formatDateTime(event.recordedAt)}</time>
            {' · '}
            {onStream ? (
              <button type="button" className="link-button" onClick={() => onStream(event.streamId)}>
                {event.streamId}
              </button>
            ) : (
              <span>{event.streamId}</span>
            )}
            {` @${event.streamPosition} · v${event.schemaVersion}`}
          </div>
          <JsonView label="Data" value={event.data} />
          <JsonView label="Metadata" value={event.metadata} />
        </li>
      ))}
    </ol>
  );
}
