import { Client, ClientConfig } from 'pg';
import type { DataSource, DataSourceOptions } from 'typeorm';
import { EVENTS_CHANNEL } from './events-channel';

/** First pause before re-opening a lost connection; doubled per failed try up to the maximum. */
const RECONNECT_INITIAL_MS = 250;
const RECONNECT_MAX_MS = 5_000;

/**
 * LISTENs on a channel (by default the events channel) over a dedicated connection (a pooled one would lose
 * its LISTEN on release) and calls `onEvents` for each notification with its payload. A lost connection is
 * re-opened with backoff (250 ms doubling to 5 s), for as long as it takes; meanwhile the subscriptions'
 * polling keeps projections moving, only a little later. `onProblem` hears of an interruption once, however
 * many tries fail, and `onRestored` hears when it is over.
 */
export class EventNotificationListener {
  private client: Client | null = null;
  /** The connection being opened or in use; events of any older one are ignored. */
  private current: Client | null = null;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private downSince: number | null = null;

  constructor(
    private readonly config: ClientConfig,
    private readonly onEvents: (payload?: string) => void,
    private readonly onProblem: (error: unknown) => void,
    private readonly channel: string = EVENTS_CHANNEL,
    private readonly onRestored: (downForMs: number) => void = () => undefined,
  ) {}

  static forDataSource(
    dataSource: DataSource,
    onEvents: (payload?: string) => void,
    onProblem: (error: unknown) => void,
    channel: string = EVENTS_CHANNEL,
    onRestored?: (downForMs: number) => void,
  ): EventNotificationListener {
    const options = dataSource.options as Extract<DataSourceOptions, { type: 'postgres' }>;
    const config: ClientConfig = {
      connectionString: options.url,
      host: options.host,
      port: options.port,
      user: options.username,
      password: typeof options.password === 'string' ? options.password : undefined,
      database: options.database,
      ssl: options.ssl as ClientConfig['ssl'],
      connectionTimeoutMillis: 5_000,
      // A half-open connection (the server's host gone without a FIN) is noticed instead of listening forever:
      // probes after 10 s of silence (the kernel's default waits two hours).
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    };
    return new EventNotificationListener({ ...config, application_name: `notifications-${channel}` }, onEvents, onProblem, channel, onRestored);
  }

  /** Whether the LISTEN connection is open right now. */
  get listening(): boolean {
    return this.client !== null;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const client = this.current;
    this.client = null;
    this.current = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client(this.config);
    this.current = client;
    client.on('notification', (message) => {
      if (this.current === client) this.onEvents(message.payload);
    });
    // Without an 'error' listener, a connection error would be thrown as an uncaught exception and end the process.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('notification connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.current !== client) return; // lost or stopped while connecting
    this.client = client;
    this.failures = 0;
    const downSince = this.downSince;
    this.downSince = null;
    if (downSince !== null) this.onRestored(Date.now() - downSince);
    // Notifications sent while no one was listening are lost: a call without payload means "anything may have changed".
    this.onEvents();
  }

  private lost(client: Client, error: unknown): void {
    if (this.stopped || this.current !== client) return;
    this.current = null;
    this.client = null;
    client.end().catch(() => undefined);
    if (this.downSince === null) {
      this.downSince = Date.now();
      this.onProblem(error);
    }
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_INITIAL_MS * 2 ** this.failures);
    this.failures += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) void this.connect();
    }, delay);
  }
}
