/** The event browser's answers (GET /admin/events, /admin/events/types, /admin/events/streams/{id}). */

export interface EventRow {
  position: string;
  id: string;
  streamId: string;
  streamPosition: number;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: unknown;
  recordedAt: string;
}

export interface EventPage {
  data: EventRow[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_before: string | null;
}

export interface EventTypeCount {
  type: string;
  count: number;
}
