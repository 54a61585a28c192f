import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useEventStream } from '../api/get-event-stream';
import { useEventTypes } from '../api/get-event-types';
import { useEvents, type EventFilters } from '../api/get-events';
import { EventList } from '../components/event-list';
import { ErrorNotice, Loading } from '../components/query-state';

const KEYS = ['type', 'stream', 'from', 'to', 'before'] as const;

/** The global log, newest first, paged backwards by position; a stream id shows that stream in order. */
export function EventsRoute() {
  const [params, setParams] = useSearchParams();
  const filters: EventFilters = { limit: 50 };
  for (const key of KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  const types = useEventTypes();
  const events = useEvents(filters);
  const openStream = params.get('open') ?? '';

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of ['type', 'stream', 'from', 'to']) {
      const value = String(form.get(key) ?? '').trim();
      if (value) next.set(key, value);
    }
    setParams(next);
  };
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  return (
    <section aria-labelledby="events-title">
      <title>Events · Operations</title>
      <h1 id="events-title" className="page__title">
        Events
      </h1>
      <form className="admin-filters" role="search" aria-label="Filter events" onSubmit={apply} key={params.toString()}>
        <label>
          Type
          <select name="type" defaultValue={filters.type ?? ''} className="field__input">
            <option value="">Any</option>
            {types.data?.data.map((t) => (
              <option key={t.type} value={t.type}>
                {t.type} ({t.count})
              </option>
            ))}
          </select>
        </label>
        <label>
          Stream (id, or prefix ending in “-”)
          <input name="stream" defaultValue={filters.stream} placeholder="order-" className="field__input" />
        </label>
        <label>
          From
          <input name="from" type="datetime-local" defaultValue={filters.from} className="field__input" />
        </label>
        <label>
          To
          <input name="to" type="datetime-local" defaultValue={filters.to} className="field__input" />
        </label>
        <div className="admin-filters__actions">
          <button type="submit" className="button">
            Filter
          </button>
          <button type="button" className="button button--secondary" onClick={() => setParams(new URLSearchParams())}>
            Clear
          </button>
        </div>
      </form>

      {openStream && <StreamPanel streamId={openStream} onClose={() => set({ open: null })} />}

      {events.isPending ? (
        <Loading label="Loading events…" />
      ) : events.isError ? (
        <ErrorNotice error={events.error} what="Events" />
      ) : (
        <>
          <EventList events={events.data.data} onStream={(streamId) => set({ open: streamId })} />
          <nav className="admin-pager" aria-label="Event pages">
            <button type="button" className="button button--secondary" disabled={!filters.before} onClick={() => set({ before: null })}>
              Newest
            </button>
            <button type="button" className="button button--secondary" disabled={!events.data.next_before} onClick={() => set({ before: events.data.next_before })}>
              Older
            </button>
          </nav>
        </>
      )}
    </section>
  );
}

function StreamPanel({ streamId, onClose }: { streamId: string; onClose: () => void }) {
  const stream = useEventStream(streamId);
  return (
    <section className="card admin-sku" aria-labelledby="stream-title">
      <div className="admin-order-head">
        <h2 id="stream-title" className="section-title" tabIndex={-1} ref={(el) => el?.focus()}>
          Stream {streamId}
        </h2>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
      </div>
      {stream.isPending ? <Loading /> : stream.isError ? <ErrorNotice error={stream.error} what="Stream" /> : <EventList events={stream.data.data} />}
    </section>
  );
}
