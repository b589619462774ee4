import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (docs/deployment.md "Metrics" lists each with its meaning). One registry per app,
 * so the many apps of a test run never share counters. Labels are closed sets (a route's pattern, never its path).
 */

/** The background jobs, by the name their metrics carry (`task`: Prometheus gives `job` to the scrape target). */
export type Task = 'data-export' | 'mail-queue' | 'retention' | 'subscription-lifecycle' | 'upload-sweep';
/** `skipped`: another process held the job's lease, so this one had nothing to do. */
export type TaskOutcome = 'success' | 'failure' | 'skipped';
export type MailOutcome = 'sent' | 'retrying' | 'given_up';
export type WebhookOutcome = 'confirmed' | 'replayed' | 'already_paid' | `refused_${'signature' | 'event' | 'unknown_bill' | 'amount'}`;

/** What the mail queue looks like now, read from the database when Prometheus scrapes. */
export interface MailQueueState {
  depth: number;
  oldestWaitingSeconds: number;
}

/** Read at scrape time from the parts of the app that hold the state. */
export interface ScrapeSources {
  mailQueue(): Promise<MailQueueState>;
  openEventStreams(): number;
  /** Null when ready; otherwise what failed. */
  readiness(): Promise<string[] | null>;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const startedAt = Date.now() / 1000;
  let sources: ScrapeSources | null = null;

  const httpDuration = new Histogram({
    name: 'dosehub_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status class, and how long each took',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: SECONDS,
    registers,
  });
  const dbQueryDuration = new Histogram({ name: 'dosehub_db_query_duration_seconds', help: 'Database queries and how long each took', buckets: QUERY_SECONDS, registers });
  const mails = new Counter({ name: 'dosehub_mails_total', help: 'Mail delivery attempts by outcome: sent, retrying (failed, to be retried), given_up', labelNames: ['outcome'] as const, registers });
  const taskRuns = new Counter({ name: 'dosehub_task_runs_total', help: "Background job runs by task and outcome (skipped: another process held the job)", labelNames: ['task', 'outcome'] as const, registers });
  const taskLastSuccess = new Gauge({ name: 'dosehub_task_last_success_timestamp_seconds', help: 'When each background job last succeeded (Unix seconds; the process start until its first success)', labelNames: ['task'] as const, registers });
  const taskPeriod = new Gauge({ name: 'dosehub_task_period_seconds', help: 'How often each background job runs', labelNames: ['task'] as const, registers });
  const webhooks = new Counter({ name: 'dosehub_webhook_events_total', help: 'Payment webhook events by provider and outcome (refused_<reason> for a refusal)', labelNames: ['provider', 'outcome'] as const, registers });
  const uploadBytes = new Counter({ name: 'dosehub_upload_bytes_received_total', help: 'Bytes written to resumable uploads (tus PATCH and creation-with-upload)', registers });
  const storeErrors = new Counter({ name: 'dosehub_upload_store_errors_total', help: "Upload store failures by the store's code (S3's, or the system's)", labelNames: ['code'] as const, registers });
  const signInFailures = new Counter({ name: 'dosehub_sign_in_failures_total', help: 'Sign-ins refused for wrong credentials or a malformed request', registers });
  const rateLimited = new Counter({ name: 'dosehub_rate_limit_refusals_total', help: 'Requests refused with 429 by route pattern', labelNames: ['route'] as const, registers });

  new Gauge({ name: 'dosehub_event_streams_open', help: 'Live event streams (SSE) open on this process', registers, collect() {
    this.set(sources?.openEventStreams() ?? 0);
  } });
  const mailDepth = new Gauge({ name: 'dosehub_mail_queue_depth', help: 'Mails waiting to be sent (pending)', registers });
  new Gauge({ name: 'dosehub_mail_queue_oldest_seconds', help: 'Age of the oldest mail waiting to be sent (0 when none)', registers, async collect() {
    const state = await sources?.mailQueue();
    mailDepth.set(state?.depth ?? 0);
    this.set(state?.oldestWaitingSeconds ?? 0);
  } });
  new Gauge({ name: 'dosehub_ready', help: 'Whether this process is ready (1), as GET /api/v1/health/ready answers; 0 when a check fails', registers, async collect() {
    this.set(sources && !(await sources.readiness().catch(() => ['error'])) ? 1 : 0);
  } });

  return {
    registry,
    /** Process and event-loop metrics (prom-client's defaults); only when metrics are served, as they sample continuously. */
    collectProcessMetrics: () => collectDefaultMetrics({ register: registry }),
    readFrom: (scrapeSources: ScrapeSources) => void (sources = scrapeSources),
    request: (route: string, method: string, status: number, seconds: number) =>
      httpDuration.observe({ route, method, status_class: `${Math.floor(status / 100)}xx` }, seconds),
    query: (seconds: number) => dbQueryDuration.observe(seconds),
    mail: (outcome: MailOutcome, count = 1) => count > 0 && mails.inc({ outcome }, count),
    task: (task: Task, periodSeconds: number) => {
      taskPeriod.set({ task }, periodSeconds);
      taskLastSuccess.set({ task }, startedAt);
      return (outcome: TaskOutcome) => {
        taskRuns.inc({ task, outcome });
        if (outcome === 'success') taskLastSuccess.set({ task }, Date.now() / 1000);
      };
    },
    webhook: (provider: string, outcome: WebhookOutcome) => webhooks.inc({ provider, outcome }),
    uploadBytes: (bytes: number) => bytes > 0 && uploadBytes.inc(bytes),
    storeError: (code: string) => storeErrors.inc({ code }),
    signInFailed: () => signInFailures.inc(),
    rateLimited: (route: string) => rateLimited.inc({ route }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
