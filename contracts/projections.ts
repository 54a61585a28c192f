/** The projections screen's answers (GET /admin/projections, POST /admin/projections/{name}/rebuild). */

/** A rebuild started from the console. */
export interface RebuildJob {
  projection: string;
  state: 'running' | 'done' | 'failed';
  phase: 'copying' | 'swapped';
  processed: number;
  /** 0 to 100: how far through the log, by global position. */
  percent: number;
  startedAt: string;
  finishedAt: string | null;
  eventsPerSecond: number | null;
  error: string | null;
}

export interface ProjectionRow {
  name: string;
  /** 'idle' before its first batch, 'running' after a successful one, 'failing' after a failed one. */
  status: string;
  checkpoint: { transactionId: string; position: string };
  /** Events in the log after the checkpoint. */
  lagEvents: number;
  /** Age of the oldest event not yet applied; 0 when caught up. */
  lagSeconds: number;
  lastError: string | null;
  lastErrorAt: string | null;
  updatedAt: string;
  rebuild: { startedAt: string; processed: number; target: number } | null;
  eventsAppliedByThisProcess: number;
  job: RebuildJob | null;
}

export interface RebuildStartedResponse {
  success: boolean;
  message: string;
  job: RebuildJob;
}

/** One message queue (mail, SMS) as the console shows it: open jobs by state, how old the oldest, the latest failure. */
export interface QueueRow {
  queue: string;
  pending: number;
  sending: number;
  /** Failed and waiting for their next try (backoff). */
  failed: number;
  /** Gave up after every try: an operator must look. */
  dead: number;
  oldest_open_at: string | null;
  last_error: string | null;
  /**
   * Messages not sent in the last 24 hours because a shopper's actions had already caused as many to that phone
   * or address as the store allows (issue 27): recorded as skipped, never sent.
   */
  capped_last_day: number;
}
