import pg from 'pg';
import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from '@tus/server';

/** Where a process asks the others to let go of an upload (the payload is its id). */
const RELEASE_CHANNEL = 'dosehub_tus_release';
/** The advisory lock namespace of uploads (two-key form, apart from db/lock.ts's keys). */
const LOCK_CLASS = 7271;
const RETRY_MS = 100;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * tus locks shared by every process on one PostgreSQL database: a session advisory lock per upload,
 * held on one dedicated connection per process (the memory locker orders this process's own requests
 * first). A request that finds the upload locked elsewhere asks the holder to let go (NOTIFY): a resumed
 * PATCH takes over from a connection that died half-open, on whichever process it lands. When the
 * connection drops, PostgreSQL frees its locks; the next request opens a new one.
 */
export class PostgresLocker implements Locker {
  private readonly local = new MemoryLocker();
  /** This process's holders, by upload id: how to ask each to release. */
  private readonly holders = new Map<string, RequestRelease>();
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private closed = false;

  constructor(private readonly url: string) {}

  newLock(id: string): Lock {
    const local = this.local.newLock(id);
    return {
      lock: async (signal, requestRelease) => {
        await local.lock(signal, requestRelease);
        try {
          await this.acquire(id, signal);
          this.holders.set(id, requestRelease);
        } catch (error) {
          await local.unlock();
          throw error;
        }
      },
      unlock: async () => {
        this.holders.delete(id);
        await this.client?.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, id]).catch(() => undefined);
        await local.unlock();
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async acquire(id: string, signal: AbortSignal): Promise<void> {
    for (;;) {
      const client = await this.connection();
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [LOCK_CLASS, id]);
      if (rows[0]?.locked) return;
      if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      await client.query('SELECT pg_notify($1, $2)', [RELEASE_CHANNEL, id]);
      await sleep(RETRY_MS, signal);
    }
  }

  private connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    if (this.closed) throw new Error('upload locker closed');
    const client = new pg.Client({ connectionString: this.url });
    const drop = () => {
      if (this.client === client) this.client = null;
    };
    client.on('error', drop);
    client.on('end', drop);
    client.on('notification', ({ channel, payload }) => {
      if (channel === RELEASE_CHANNEL && payload) void this.holders.get(payload)?.();
    });
    await client.connect();
    await client.query(`LISTEN ${RELEASE_CHANNEL}`);
    this.client = client;
    return client;
  }
}
