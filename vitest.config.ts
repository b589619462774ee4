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
        {
          extends: true,
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['tests/e2e/**/*.test.ts'],
            globalSetup: ['tests/e2e/global-setup.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
            fileParallelism: false,
            // One worker runs the files one after another with their modules loaded once (each file still starts its own
            // server and browser): ~2.7 s less per file. Two files at a time was tried (27 → 16 min): each of three full
            // runs had a journey time out (accounts in es twice, a radio in an accordion once); see issue 35's note.
            isolate: false,
            // public-site's six language × width cases run side by side (Vitest's default, 5, left the sixth alone).
            maxConcurrency: 6,
            // After the other projects, alone: its journeys time what a user waits for, and its servers must not
            // share the machine's cores (or a worker's environment) with the server suites.
            sequence: { groupOrder: 1 },
          },
        },
      ],
    },
  }),
);
