import { Injectable } from '@nestjs/common';
import type { OutboxChannel } from './outbox-channel';

/** What a channel that reaches customers tells the rest of the store about itself. */
export interface RegisteredChannel {
  channel: OutboxChannel;
  /**
   * The name (and checkpoint) of its subscription over the log. A restore moves it to the log's end, so a
   * restored store sends nothing for the events it restored (ADR 052).
   */
  subscription: string;
  /**
   * The event types its subscription reads: the events after its checkpoint of these types are its lag, which
   * the metrics report per channel (`store_outbox_subscription_lag_events`).
   */
  eventTypes: readonly string[];
  /** Where its demo transport writes one file per message, under DATA_DIR (the erasure deletes a person's). */
  files?: { folder: string; extension: string };
}

/**
 * Every message channel of the store (mail, SMS, and whatever comes next: courier bookings, WhatsApp): each
 * channel's module registers itself here when the application is built, whether or not this process runs its
 * worker. What must cover every channel reads this list instead of a list of its own — the restore (which
 * moves each subscription past the restored log), the erasure (their recipients and files) — and an
 * OutboxWorker refuses to start a subscription that is not registered, so a new channel cannot reach customers
 * without being covered by them.
 */
@Injectable()
export class OutboxChannels {
  private readonly registered = new Map<string, RegisteredChannel>();

  register(channel: RegisteredChannel): void {
    const known = this.registered.get(channel.channel.name);
    if (known && known.subscription !== channel.subscription) throw new Error(`two outbox channels are named ${channel.channel.name}`);
    this.registered.set(channel.channel.name, channel);
  }

  list(): RegisteredChannel[] {
    return [...this.registered.values()];
  }

  /** The subscriptions that reach customers: what a restore must move to the end of the log. */
  subscriptions(): string[] {
    return this.list().map((each) => each.subscription);
  }

  isRegistered(subscription: string): boolean {
    return this.list().some((each) => each.subscription === subscription);
  }
}
