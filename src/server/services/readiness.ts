import { pingDatabase, type Db } from '../db/client.ts';
import { isMigrated } from '../db/migration-state.ts';

/** What `GET /health/ready` checks, each named in its 503 (`errors.notReady.<check>`). */
export type ReadinessCheck = 'database' | 'migrations' | 'uploadStore';

/** Longest a check may take: a load balancer's probe must get its answer before its own timeout. */
const CHECK_TIMEOUT_MS = 4000;

export interface ReadinessFailure {
  check: ReadinessCheck;
  error: unknown;
}

function withinTimeout(work: Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

async function failureOf(check: ReadinessCheck, work: () => Promise<unknown>): Promise<ReadinessFailure | null> {
  try {
    await withinTimeout(work());
    return null;
  } catch (error) {
    return { check, error };
  }
}

/**
 * Whether this process can serve: the database answers and has this version's newest migration, and the upload
 * store takes writes. Empty when ready.
 */
export async function readinessFailures(db: Db, uploadStore: { check(): Promise<void> }): Promise<ReadinessFailure[]> {
  const database = await failureOf('database', () => pingDatabase(db));
  const migrations = database
    ? null
    : await failureOf('migrations', async () => {
        if (!(await isMigrated(db))) throw new Error("the database lacks this version's newest migration");
      });
  const store = await failureOf('uploadStore', () => uploadStore.check());
  return [database, migrations, store].filter((failure) => failure !== null);
}
