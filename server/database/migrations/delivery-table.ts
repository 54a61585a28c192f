/**
 * The SQL of a channel's delivery table (`mail_deliveries`, then `sms_deliveries` shaped like it, ADR 025):
 * one row per message-worthy event, the "never twice" record and, without Redis, the queue itself. Both
 * migrations build it here so the shared columns cannot drift apart; the text is exactly what they ran
 * before, because stores have already run them.
 */
const DELIVERY_COLUMNS = [
  'event_id         uuid PRIMARY KEY',
  'event_type       text NOT NULL',
  "status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'failed', 'sent', 'skipped', 'dead'))",
  'attempts         integer NOT NULL DEFAULT 0',
  'next_attempt_at  timestamptz NOT NULL DEFAULT now()',
  'last_error       text NULL',
  'recipient        text NULL',
  'sent_at          timestamptz NULL',
  'created_at       timestamptz NOT NULL DEFAULT now()',
];

/** `CREATE TABLE <table>` with the shared delivery columns, then the channel's own `extraColumns`. */
export function createDeliveryTableSql(table: string, extraColumns: string[] = []): string {
  const columns = [...DELIVERY_COLUMNS, ...extraColumns].map((column) => `        ${column}`).join(',\n');
  return `\n      CREATE TABLE ${table} (\n${columns}\n      )`;
}

/** The index the delivery worker scans for rows that are due (pending, or failed and waiting to retry). */
export function createDeliveryDueIndexSql(table: string): string {
  return `CREATE INDEX ${table}_due_idx ON ${table} (next_attempt_at) WHERE status IN ('pending', 'failed')`;
}
