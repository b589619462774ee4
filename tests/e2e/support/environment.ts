import fs from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { dropTestBucket } from '#tests/utils/s3.ts';
import { startSmtpCapture, type SmtpCapture } from '#tests/utils/smtp.ts';
import { launchBrowser } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

export interface E2eEnvironment {
  server: RunningServer;
  smtp: SmtpCapture;
  browser: Browser;
}

/**
 * For a test file: a real SMTP capture, the real server mailing through it (own data directory, free
 * port) and Chromium, started before the file's tests and stopped after them.
 */
export function useE2eEnvironment(serverEnv: Record<string, string> = {}): E2eEnvironment {
  const env = {} as E2eEnvironment;
  beforeAll(async () => {
    env.smtp = await startSmtpCapture();
    [env.server, env.browser] = await Promise.all([startServer(undefined, { ...serverEnv, SMTP_URL: env.smtp.url }), launchBrowser()]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
    // The gateway keeps objects in memory: the server's bucket goes with it.
    if (env.server?.s3) await dropTestBucket(env.server.s3);
    await env.smtp?.close();
    if (env.server) fs.rmSync(env.server.dataDir, { recursive: true, force: true });
  });
  return env;
}
