import { rmSync } from 'node:fs';
import { dirname } from 'node:path';

export default async function globalTeardown(): Promise<void> {
  const embedded = (globalThis as { __embeddedPostgres?: { handle: { stop(): Promise<void> }; dataDir: string } })
    .__embeddedPostgres;
  if (!embedded) return;
  await embedded.handle.stop();
  rmSync(dirname(embedded.dataDir), { recursive: true, force: true });
}
