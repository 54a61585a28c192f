import { EventList } from '../../console-kit/event-list';
import { FilterForm, useListParams, type FilterField } from '../../console-kit/list-table';
import { DetailPanel, QueryView } from '../../console-kit/query-state';
import { useEventStream } from '../api/get-event-stream';
import { useEventTypes } from '../api/get-event-types';
import { useEvents, type EventFilters } from '../api/get-events';

/** The global log, newest first, paged backwards by position; a stream id shows that stream in order. */
export function EventLog() {
  const list = useListParams(['type', 'stream', 'from', 'to', 'before', 'open']);
  const { open: openStream = '', ...values } = list.values;
  const filters: EventFilters = { limit: 50, ...values };
  const types = useEventTypes();
  const events = useEvents(filters);
  const fields: FilterField[] = [
    { name: 'type', label: 'Type', type: 'select', options: (types.data?.data ?? []).map((t) => ({ value: t.type, label: `${t.type} (${t.count})` })) },
    { name: 'stream', label: 'Stream (id, or prefix ending in “-”)', placeholder: 'order-' },
    { name: 'from', label: 'From', type: 'datetime-local' },
    { name: 'to', label: 'To', type: 'datetime-local' },
  ];

  return (
    <>
      <FilterForm label="Filter events" fields={fields} list={list} submitLabel="Filter" />
      {openStream && <StreamPanel streamId={openStream} onClose={() => list.set({ open: null })} />}
      <QueryView query={events} loading="Loading events…" what="Events">
        {(answer) => (
          <>
            <EventList events={answer.data} onStream={(streamId) => list.set({ open: streamId })} />
            <nav className="admin-pager" aria-label="Event pages">
              <button type="button" className="button button--secondary" disabled={!filters.before} onClick={() => list.set({ before: null })}>
                Newest
              </button>
              <button type="button" className="button button--secondary" disabled={!answer.next_before} onClick={() => list.set({ before: answer.next_before })}>
                Older
              </button>
            </nav>
          </>
        )}
      </QueryView>
    </>
  );
}

function StreamPanel({ streamId, onClose }: { streamId: string; onClose: () => void }) {
  const stream = useEventStream(streamId);
  return (
    <DetailPanel id="stream-title" title={`Stream ${streamId}`} onClose={onClose}>
      <QueryView query={stream} what="Stream">
        {(answer) => <EventList events={answer.data} />}
      </QueryView>
    </DetailPanel>
  );
}
