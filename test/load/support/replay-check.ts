import { DataSource } from 'typeorm';
import { ProjectionRegistry } from '../../../server/event-store/projection-registry';
import { ProjectionRunner } from '../../../server/event-store/projection-runner';
import { hashTable } from '../../../server/event-store/table-hash';
import { startTestServer } from '../../support/test-server';

/**
 * Nothing lost or doubled in the read models: every projection's tables, as the live store left them, hash
 * the same as the same projections rebuilt from the whole event log. Runs an extra store in this process on
 * the same database to reach the runner; call it when no more events are being written. Returns the
 * projections compared, with the event types each one applies (null: all).
 */
export async function expectReadModelsEqualReplay(databaseUrl: string): Promise<Array<{ name: string; eventTypes: string[] | null }>> {
  const verifier = await startTestServer({ databaseUrl, env: { SEED_DEMO: 'false', MAIL_WORKER: 'off' } });
  try {
    const runner = verifier.app.get(ProjectionRunner);
    const registry = verifier.app.get(ProjectionRegistry);
    const dataSource = verifier.app.get(DataSource);
    const hashes = async () => {
      const result: Record<string, string> = {};
      for (const projection of registry.list()) {
        for (const table of projection.tables) result[`${projection.name}/${table}`] = await hashTable(dataSource.manager, table);
      }
      return result;
    };
    await runner.waitUntilCaughtUp();
    const live = await hashes();
    await runner.rebuildAll();
    expect(await hashes()).toEqual(live);
    return registry.list().map((projection) => ({ name: projection.name, eventTypes: projection.eventTypes ? [...projection.eventTypes] : null }));
  } finally {
    await verifier.stop();
  }
}

/** How many events of the log each of these projections applies: what the processes' applied counts must add up to. */
export async function eventsPerProjection(dataSource: DataSource, projections: Array<{ name: string; eventTypes: string[] | null }>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const projection of projections) {
    const [{ events }] = await dataSource.query(
      projection.eventTypes ? 'SELECT count(*)::int AS events FROM events WHERE type = ANY($1::text[])' : 'SELECT count(*)::int AS events FROM events',
      projection.eventTypes ? [projection.eventTypes] : [],
    );
    counts[projection.name] = events;
  }
  return counts;
}
