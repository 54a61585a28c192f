/**
 * The job queues whose depth and failures /api/metrics reports (`store_queue_jobs{queue,state}`). Each is a
 * table with one row per job and a `status` column; its status names are reported as they are. Whether the
 * jobs run on BullMQ or the in-process poller, the table is the record both keep, so one query serves both.
 *
 * A new queue is one more line here.
 */
export const QUEUE_TABLES: ReadonlyArray<{ queue: string; table: string; openStatuses: readonly string[] }> = [
  { queue: 'mail', table: 'mail_deliveries', openStatuses: ['pending', 'sending', 'failed', 'dead'] },
  { queue: 'sms', table: 'sms_deliveries', openStatuses: ['pending', 'sending', 'failed', 'dead'] },
];
