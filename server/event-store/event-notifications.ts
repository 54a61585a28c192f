import { Client, ClientConfig } from 'pg';
import type { DataSource, DataSourceOptions } from 'typeorm';
import { EVENTS_CHANNEL } from './event-store';

const RECONNECT_DELAY_MS = 1_000;

/**
 * LISTENs on a channel (by default the events channel) over a dedicated connection (a pooled one would lose
 * its LISTEN on release) and calls `onEvents` for each notification with its payload. A lost connection is re-opened after a pause; meanwhile
 * the subscriptions' polling keeps projections moving, only a little later.
 */
export class EventNotificationListener {
  private client: Client | null = null;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly config: ClientConfig,
    private readonly onEvents: (payload?: string) => void,
    private readonly onProblem: (error: unknown) => void,
    private readonly channel: string = EVENTS_CHANNEL,
  ) {}

  static forDataSource(
    dataSource: DataSource,
    onEvents: (payload?: string) => void,
    onProblem: (error: unknown) => void,
    channel: string = EVENTS_CHANNEL,
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
    };
    return new EventNotificationListener({ ...config, application_name: `notifications-${channel}` }, onEvents, onProblem, channel);
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client(this.config);
    client.on('notification', (message) => this.onEvents(message.payload));
    client.on('error', (error) => this.reconnect(client, error));
    client.on('end', () => this.reconnect(client, new Error('notification connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
      this.client = client;
      // Notifications sent while no one was listening are lost: a call without payload means "anything may have changed".
      this.onEvents();
    } catch (error) {
      this.reconnect(client, error);
    }
  }

  private reconnect(client: Client, error: unknown): void {
    if (this.stopped || this.reconnectTimer) return;
    this.onProblem(error);
    if (this.client === client) this.client = null;
    client.end().catch(() => undefined);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) void this.connect();
    }, RECONNECT_DELAY_MS);
  }
}
