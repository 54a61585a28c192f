export default async function globalTeardown(): Promise<void> {
  const handle = (globalThis as { __embeddedPostgres?: { stop(): Promise<void> } }).__embeddedPostgres;
  await handle?.stop();
}
