import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { DataSource } from 'typeorm';
import { ProjectionRunner } from '../../server/event-store/projection-runner';
import { MAIL_CHANNEL } from '../../server/mail/mail-events';
import { MAIL_SUBSCRIPTION_NAME } from '../../server/mail/subscription/mail-subscription';
import { SMS_CHANNEL } from '../../server/sms/sms-events';
import { SMS_SUBSCRIPTION_NAME } from '../../server/sms/subscription/sms-subscription';
import type { TestServer } from './test-server';

const CHANNELS = {
  mail: { subscription: MAIL_SUBSCRIPTION_NAME, table: MAIL_CHANNEL.table, queue: MAIL_CHANNEL.queue },
  sms: { subscription: SMS_SUBSCRIPTION_NAME, table: SMS_CHANNEL.table, queue: SMS_CHANNEL.queue },
} as const;

/** Generous: a loaded machine must not fail a suite by being slow (a gateway's refusals add backoff too). */
const SETTLE_TIMEOUT_MS = 60_000;
const POLL_MS = 100;

/**
 * Resolves once a channel (mail, SMS) can send nothing more for the events logged so far: its subscription
 * has passed the last committed event (so each message-worthy one has its delivery row and job), every
 * delivery row is finished (sent, skipped or dead), and with Redis, the channel's BullMQ queue holds no job
 * waiting, delayed or running. A message sent twice would have reached the gateway by then: this is what a
 * test waits on before it counts what arrived, instead of sleeping for "long enough".
 */
export async function outboxSettled(server: TestServer, channelName: keyof typeof CHANNELS, options: { redisUrl?: string } = {}): Promise<void> {
  const channel = CHANNELS[channelName];
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  await server.app.get(ProjectionRunner).waitUntilCaughtUp(SETTLE_TIMEOUT_MS, [channel.subscription]);
  const dataSource = server.app.get(DataSource);
  // Table names come from the channel constants above.
  const openRows = async () =>
    ((await dataSource.query(`SELECT count(*)::int AS open FROM ${channel.table} WHERE status IN ('pending', 'sending', 'failed')`)) as Array<{ open: number }>)[0].open;
  await until(`the ${channelName} deliveries to finish`, async () => (await openRows()) === 0, deadline);
  if (!options.redisUrl) return;
  const connection = new IORedis(options.redisUrl, { maxRetriesPerRequest: null });
  connection.on('error', () => undefined);
  const queue = new Queue(channel.queue, { connection });
  try {
    await until(
      `the ${channelName} queue to empty`,
      async () => {
        const counts = await queue.getJobCounts('active', 'waiting', 'delayed', 'prioritized', 'waiting-children');
        return Object.values(counts).every((count) => count === 0);
      },
      deadline,
    );
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

async function until(what: string, done: () => Promise<boolean>, deadline: number): Promise<void> {
  for (;;) {
    if (await done()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
