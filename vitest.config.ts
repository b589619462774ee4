import os from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const SERVER_SUITES = [
  'src/server/**/*.test.ts',
  ...['api', 'server', 'events', 'push'].map((dir) => `tests/integration/${dir}/**/*.test.ts`),
];

/** The server suites run on in-memory PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. */
const serverProject = (database: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: database === 'pglite' ? 'server' : 'server-postgres',
    environment: 'node',
    include:
      database === 'pglite'
        ? [...SERVER_SUITES, 'src/shared/**/*.test.ts', 'src/build/**/*.test.ts', 'tests/integration/i18n/**/*.test.ts', 'tests/bench/**/*.test.ts']
        : SERVER_SUITES,
    exclude: [
      database === 'pglite' ? '**/*.postgres.test.ts' : '**/*.pglite.test.ts',
      // Against a real S3 server (.ci/ceph-up.sh): only when the run has one.
      ...(process.env.TEST_S3_ENDPOINT ? [] : ['**/*.s3.test.ts']),
    ],
    setupFiles: ['tests/setup/server.setup.ts'],
    // Each file builds its own app and database, so the server modules can be loaded once per worker:
    // the suites take 220 s instead of 300 s on one worker.
    isolate: false,
    env: database === 'postgres' ? { TEST_DB: 'postgres' } : {},
  },
});

/**
 * The browser journeys that time what a user waits for ("within 2 s", a grace period, the flapping network's
 * "first write within 2 s"): they run last, one file at a time, with the machine to themselves.
 */
const TIMED_E2E = ['flapping-network', 'graceful-stop', 'pix-payment', 'pwa-live', 'two-processes'].map((name) => `tests/e2e/${name}.test.ts`);

/**
 * The browser suites, after the other projects (their servers must not share the cores, or a worker's environment,
 * with the server suites). `e2e`: two files at a time, each with its own server and Chromium; a journey waits on the
 * network, timers and paint far more than it computes (staff-finish and flapping-network alone used 0.44 of a core).
 * `e2e-timed`: TIMED_E2E, then, one at a time.
 */
const e2eProject = (name: 'e2e' | 'e2e-timed') => ({
  extends: true as const,
  test: {
    name,
    environment: 'node',
    include: name === 'e2e' ? ['tests/e2e/**/*.test.ts'] : TIMED_E2E,
    exclude: name === 'e2e' ? TIMED_E2E : [],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: name === 'e2e',
    // Two files at a time, a journey's wait at times runs out on a loaded machine (once in each of the first two full runs: a
    // click on a radio mid-transition, a form's answer): it gets one more try, and .ci/run lists every test that
    // passed only on its retry. The timed journeys get none: a retry would hide a slow answer.
    retry: name === 'e2e' ? 1 : 0,
    // One worker runs a file after another, its modules loaded once (each file still starts its own server and browser).
    isolate: false,
    // public-site's six language × width cases run side by side (Vitest's default, 5, left the sixth alone).
    maxConcurrency: 6,
    sequence: { groupOrder: name === 'e2e' ? 1 : 2 },
  },
});

/** The Vitest projects (tests/README.md), on top of the app's Vite config (its plugins, `__BUILD_ID__`). */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      globals: true,
      restoreMocks: true,
      testTimeout: 15_000,
      // A suite's setup (an app, its database, users with argon2 hashes) takes seconds, more on a loaded machine.
      hookTimeout: 30_000,
      // Vitest leaves a core to itself by default: one worker on a 2-core machine. The suites wait on I/O
      // (databases, SMTP, timers) often enough that a worker per core is faster (server suites 300 → 167 s).
      maxWorkers: os.availableParallelism(),
      projects: [
        {
          extends: true,
          test: {
            name: 'client',
            environment: 'happy-dom',
            include: ['src/app/**/*.test.{ts,tsx}', 'tests/client/**/*.test.{ts,tsx}'],
            setupFiles: ['tests/setup/client.setup.ts'],
          },
        },
        serverProject('pglite'),
        ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
        e2eProject('e2e'),
        e2eProject('e2e-timed'),
      ],
    },
  }),
);
