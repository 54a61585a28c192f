import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { OutboxErasure } from './erasure';
import type { OutboxChannels } from './outbox-channels';
import { isSpareOutboxFile, OutboxFolder } from './outbox-files';

describe('forgetting a person in the demo outbox files', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'outbox-erasure-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('also removes a rotated-out file kept for reuse that still holds their message', async () => {
    const folder = join(dataDir, 'sms');
    mkdirSync(folder);
    const outbox = new OutboxFolder(folder, 'json', { keepFiles: 1, keepDays: 0 });
    await outbox.write('event-1', '{"to":"01711111111","text":"Rahima, we received your order"}');
    await outbox.write('event-2', '{"to":"01822222222","text":"Karim, we received your order"}');
    await outbox.write('event-3', '{"to":"01933333333","text":"Selina, we received your order"}');
    await outbox.rotate();
    expect(readdirSync(folder).filter(isSpareOutboxFile)).toHaveLength(2);

    const channels = { list: () => [{ channel: { table: 'sms_deliveries' }, files: { folder: 'sms', extension: '.json' } }] } as unknown as OutboxChannels;
    const erasure = new OutboxErasure({ dataDir } as AppConfig, channels);
    const manager = { query: async () => [] } as unknown as EntityManager;
    expect(await erasure.forget(manager, { eventIds: [], emails: [], terms: ['Rahima'] })).toBe(1);

    // Karim's old message is still a spare; Rahima's is gone; Selina's is the one message in the outbox.
    expect(readdirSync(folder).filter(isSpareOutboxFile)).toHaveLength(1);
    expect(readdirSync(folder).filter((name) => name.endsWith('.json'))).toEqual([expect.stringMatching(/event-3\.json$/)]);
  });
});
