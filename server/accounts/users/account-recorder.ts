import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EventStore } from '../../event-store/event-store';
import type { AppendResult, EventMetadata, NewEvent } from '../../event-store/event-store.types';
import type { AccountEvent } from '../domain/account.events';
import { userStreamId } from './user-account';

/**
 * Appends an account's events with the users row's version as the expected version and, in the same
 * transaction, lets the caller bring the row (and token rows, envelopes) up to date. A concurrent change of
 * the same account makes the second append fail with a ConcurrencyError (409) instead of overwriting.
 */
@Injectable()
export class AccountRecorder {
  constructor(private readonly eventStore: EventStore) {}

  async record(
    account: { id: string; streamVersion: number },
    events: Array<AccountEvent & { id?: string }>,
    metadata: EventMetadata,
    writeState: (manager: EntityManager, result: AppendResult) => Promise<void>,
  ): Promise<AppendResult> {
    return this.eventStore.append(
      userStreamId(account.id),
      account.streamVersion,
      events as NewEvent[],
      metadata,
      {
        inTransaction: async (manager, result) => {
          await writeState(manager, result);
          await manager.query('UPDATE users SET stream_version = $2 WHERE id = $1', [account.id, result.streams[0].version]);
        },
      },
    );
  }
}
