import pg from 'pg';

/** What a LISTEN subscriber is told: each payload, and that the connection was lost and is back (events may be missed). */
export interface ListenHandlers {
  onPayload(payload: string): void;
  onReconnect?(): void;
  onError?(error: unknown): void;
}

/** LISTEN on a channel until the returned function is called. */
export type Listen = (channel: string, handlers: ListenHandlers) => Promise<() => Promise<void>>;

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 15_000;

/**
 * PostgreSQL: a dedicated connection (LISTEN holds session state, so not one from the pool), opened again
 * with a growing delay when the server drops it.
 */
class PostgresListener {
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly handlers: ListenHandlers,
  ) {}

  async connect(): Promise<void> {
    const next = new pg.Client({ connectionString: this.url });
    next.on('notification', (message) => {
      if (message.channel === this.channel && message.payload !== undefined) this.handlers.onPayload(message.payload);
    });
    next.on('error', (error) => this.lost(next, error));
    next.on('end', () => this.lost(next, null));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (this.closed) await next.end().catch(() => {});
    else this.client = next;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const current = this.client;
    this.client = null;
    await current?.end().catch(() => {});
  }

  private lost(which: pg.Client, error: unknown): void {
    if (this.closed || this.client !== which) return;
    this.client = null;
    if (error) this.handlers.onError?.(error);
    which.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.retryTimer = setTimeout(() => void this.reconnect(), this.retryMs);
    this.retryTimer.unref();
  }

  private async reconnect(): Promise<void> {
    try {
      await this.connect();
      if (this.closed) return;
      this.retryMs = FIRST_RETRY_MS;
      this.handlers.onReconnect?.();
    } catch (error) {
      this.handlers.onError?.(error);
      this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
      if (!this.closed) this.scheduleReconnect();
    }
  }
}

export const listenPostgres =
  (url: string): Listen =>
  async (channel, handlers) => {
    const listener = new PostgresListener(url, channel, handlers);
    await listener.connect();
    return () => listener.close();
  };
