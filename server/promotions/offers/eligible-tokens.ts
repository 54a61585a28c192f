import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { toRecordedEvent, EVENT_COLUMNS, type RecordedEventRow } from '../../event-store/recorded-event-row';
import { foldTokenEvents, TOKEN_EVENT_TYPES } from '../projections/lucky-draw-tokens.fold';

/**
 * The tokens eligible for an offer at its close: tokens of orders placed in the period whose fold (the same
 * one the token projection runs) ends eligible. Read from the event log itself, so a delivery recorded a
 * moment before the close counts even if the projection has not applied it yet.
 */
@Injectable()
export class EligibleTokens {
  constructor(private readonly dataSource: DataSource) {}

  async forPeriod(startsAt: string, endsAt: string): Promise<string[]> {
    const rows: RecordedEventRow[] = await this.dataSource.query(
      `SELECT ${EVENT_COLUMNS} FROM events
        WHERE type = ANY($3::text[]) AND stream_id IN (
          SELECT stream_id FROM events
           WHERE type IN ('OrderPlaced', 'InstantOrderPlaced')
             AND (data->>'placedAt')::timestamptz >= $1::timestamptz AND (data->>'placedAt')::timestamptz < $2::timestamptz)
        ORDER BY global_position`,
      [startsAt, endsAt, TOKEN_EVENT_TYPES],
    );
    return foldTokenEvents(rows.map(toRecordedEvent))
      .rows.filter((row) => row.state === 'eligible')
      .map((row) => row.token);
  }
}
