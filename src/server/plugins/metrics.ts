import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics, ScrapeSources } from '../metrics/registry.ts';
import { startMetricsServer, type MetricsServerOptions } from '../metrics/server.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
    /** The metrics server's port once listening (METRICS_PORT=0 picks one); null when metrics are off. */
    metricsPort(): number | null;
  }
}

const LOGIN_ROUTE = '/api/v1/users/login/';
const UPLOAD_ROUTES = /^\/api\/v1\/uploads\//;

/** Bytes a tus PATCH (or a creation-with-upload POST) added: the upload's offset after it, less the one it started at. */
function uploadedBytes(request: FastifyRequest, reply: FastifyReply): number {
  if ((request.method !== 'PATCH' && request.method !== 'POST') || reply.statusCode >= 300) return 0;
  const after = Number(reply.getHeader('upload-offset'));
  const before = Number(request.headers['upload-offset'] ?? 0);
  return Number.isFinite(after) && Number.isFinite(before) ? after - before : 0;
}

/**
 * `app.metrics` (metrics/registry.ts) for the parts that count; with `serve` (METRICS_PORT) the process metrics,
 * the per-request ones (one onResponse hook) and the scrape endpoint on a port of its own. Without it nothing is
 * measured per request, so tests and a plain `npm start` pay nothing.
 */
export const metricsPlugin = fp<{ metrics: Metrics; serve: MetricsServerOptions | null; sources: (app: FastifyInstance) => ScrapeSources }>(
  async (app, { metrics, serve, sources }) => {
    let server: Awaited<ReturnType<typeof startMetricsServer>> | null = null;
    app.decorate('metrics', metrics);
    app.decorate('metricsPort', () => server?.port ?? null);
    if (!serve) return;
    metrics.collectProcessMetrics();
    metrics.readFrom(sources(app));
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      metrics.request(route, request.method, status, reply.elapsedTime / 1000);
      if (status === 429) metrics.rateLimited(route);
      else if (route === LOGIN_ROUTE && (status === 400 || status === 401)) metrics.signInFailed();
      if (UPLOAD_ROUTES.test(route)) metrics.uploadBytes(uploadedBytes(request, reply));
      done();
    });
    app.addHook('onReady', async () => {
      server = await startMetricsServer(metrics.registry, serve);
      app.log.info({ host: serve.host, port: server.port }, 'metrics served at /metrics');
    });
    app.addHook('onClose', async () => server?.close());
  },
);
