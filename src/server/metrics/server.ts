import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsServerOptions {
  port: number;
  host: string;
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  token: string | null;
}

function authorized(header: string | undefined, token: string | null): boolean {
  if (token === null) return true;
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * `GET /metrics` in Prometheus' text format on a port of its own (METRICS_PORT), away from the public one: what it
 * tells (routes, queue sizes) is for the operator. Answers nothing else.
 */
export async function startMetricsServer(registry: Registry, options: MetricsServerOptions) {
  const server = http.createServer((request, response) => {
    const send = (status: number, body: string, headers: http.OutgoingHttpHeaders = {}) =>
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers }).end(body);
    if (new URL(request.url ?? '/', 'http://metrics').pathname !== '/metrics') return send(404, 'Not found: the metrics are at /metrics\n');
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, 'Method not allowed\n', { allow: 'GET, HEAD' });
    if (!authorized(request.headers.authorization, options.token)) return send(401, 'A bearer token is required\n', { 'www-authenticate': 'Bearer realm="metrics"' });
    registry.metrics().then(
      (text) => send(200, text, { 'content-type': registry.contentType }),
      (error: unknown) => send(500, `metrics failed: ${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
