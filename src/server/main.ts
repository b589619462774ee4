import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { ensureStaffAccount } from './services/staff-account.ts';

const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
/** After the grace, what is left (closing the database, a job's last write) gets this long before the process gives up. */
const CLOSE_AFTER_GRACE_MS = 5_000;

function printStaffCredentials(credentials: { email: string; password: string }) {
  process.stdout.write(
    [
      '',
      'First start: a staff account was created. Its password is shown only this once:',
      `  e-mail:   ${credentials.email}`,
      `  password: ${credentials.password}`,
      '',
    ].join('\n') + '\n',
  );
}

function publicUrl(config: Config, port: number): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host}:${port}`;
}

export async function startServer(config: Config = loadConfig()) {
  const app = await buildApp(config);
  const credentials = await ensureStaffAccount(app.db, config.staffEmail);
  if (credentials) printStaffCredentials(credentials);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = publicUrl(config, port);
  config.publicUrl ??= url;
  const metricsPort = app.metricsPort();
  if (metricsPort !== null) process.stdout.write(`Metrics at http://${config.metrics!.host}:${metricsPort}/metrics\n`);
  process.stdout.write(`DoseHub is running at ${url}\n`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const graceMs = config.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
    // Requests still running after the grace (a stalled upload, a slow client) are cut, so the process still stops cleanly.
    const cut = setTimeout(() => {
      app.log.warn({ graceMs }, 'shutdown grace over: closing the connections still open');
      app.server.closeAllConnections();
    }, graceMs);
    const force = setTimeout(() => process.exit(1), graceMs + CLOSE_AFTER_GRACE_MS);
    cut.unref();
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startServer().catch((error: unknown) => {
    process.stderr.write(`DoseHub could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
