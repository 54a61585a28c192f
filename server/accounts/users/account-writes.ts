import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import { CLOCK, Clock } from '../../common/clock';
import { eventMetadata, type RequestMetadata } from '../../common/request/request-metadata';
import type { AppendResult } from '../../event-store/event-store.types';
import { CommandPath } from '../../event-store/command-path/command-path';
import { OutboxEnvelopes } from '../../outbox/envelopes';
import type { AccountEvent } from '../domain/account.events';
import { LinkOrigins } from './link-origins';
import { recordAccountEvents } from './user-account';

/**
 * What every account command handler works with: the users rows to read, the clock, the origin a mail link
 * points at, the envelopes that carry a link's secret to the mailer, and recording the account's events with
 * the request's actor in their metadata (see recordAccountEvents).
 */
@Injectable()
export class AccountWrites {
  constructor(
    private readonly dataSource: DataSource,
    private readonly commands: CommandPath,
    readonly envelopes: OutboxEnvelopes,
    private readonly origins: LinkOrigins,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  now(): Date {
    return this.clock.now();
  }

  linkOrigin(host: string | undefined): string {
    return this.origins.resolve(host);
  }

  record(
    account: { id: string; streamVersion: number },
    events: Array<AccountEvent & { id?: string }>,
    meta: RequestMetadata,
    writeState: (manager: EntityManager, result: AppendResult) => Promise<void>,
  ): Promise<AppendResult> {
    return recordAccountEvents(this.commands, account, events, eventMetadata(meta), writeState);
  }
}
