// Issue 32: a real Prometheus (Debian's package) scrapes a running server's metrics port during a journey of API
// calls, and its query API (PromQL) shows the request, job and mail metrics moved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '#tests/utils/smtp.ts';
import { confirmedUser, createCalibrationViaApi, E2E_PASSWORD } from './support/accounts.ts';
import { prometheusPath, startPrometheus, type RunningPrometheus } from './support/prometheus.ts';
import { startServer, type RunningServer } from './support/server.ts';

const TOKEN = 'scrape-token-of-the-e2e-test';
let smtp: SmtpCapture;
let server: RunningServer;
let prometheus: RunningPrometheus;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer(undefined, { METRICS_PORT: '0', METRICS_TOKEN: TOKEN, SMTP_URL: smtp.url });
});
afterAll(async () => {
  await prometheus?.stop();
  await server?.stop();
  await smtp?.close();
});

/** Polls the query until every sample satisfies `check` (Prometheus scrapes each second), or fails with the last answer. */
async function eventually(promql: string, check: (value: number) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  let last: Awaited<ReturnType<RunningPrometheus['query']>> = [];
  while (Date.now() < deadline) {
    last = await prometheus.query(promql);
    if (last.length > 0 && last.every((sample) => check(sample.value))) return last;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${promql} never satisfied the check; last answer: ${JSON.stringify(last)}`);
}

describe('Prometheus scraping a running server', () => {
  it('sees requests by route pattern, the background jobs and the mails of a journey', async () => {
    // Without Prometheus this fails (CI installs it), saying how to install it.
    prometheusPath();
    const target = /Metrics at http:\/\/(\S+)\/metrics/.exec(server.output())?.[1];
    if (!target) throw new Error(`the server did not print its metrics address:\n${server.output()}`);
    prometheus = await startPrometheus(target, TOKEN);
    await eventually('up{job="dosehub"}', (value) => value === 1);

    const user = await confirmedUser(server.url, smtp, `prom.${Date.now()}@example.com`);
    const login = await fetch(`${server.url}/api/v1/users/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: E2E_PASSWORD }),
    });
    expect(login.status).toBe(200);
    await createCalibrationViaApi(server.url, user, 'Fantoma Prometheus');
    const contact = await fetch(`${server.url}/api/v1/contact/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: 'Júlia', email: user.email, role: 'física', clinic: 'Sol', phone: '+5511987654321', subject: 'Prazos', message: 'Olá' }),
    });
    expect(contact.status).toBe(204);

    const requests = (route: string, method: string, statusClass: string) =>
      `sum(dosehub_http_request_duration_seconds_count{job="dosehub",route="${route}",method="${method}",status_class="${statusClass}"})`;
    await eventually(requests('/api/v1/users/register/', 'POST', '2xx'), (value) => value === 1);
    await eventually(requests('/api/v1/users/login/', 'POST', '2xx'), (value) => value === 1);
    await eventually(requests('/api/v1/users/:uid/calibrations/', 'POST', '2xx'), (value) => value === 1);
    await eventually(requests('/api/v1/contact/', 'POST', '2xx'), (value) => value === 1);
    // The route pattern, never the user's id, is what the series carry.
    expect(await prometheus.query(`dosehub_http_request_duration_seconds_count{route=~".*${user.id}.*"}`)).toEqual([]);
    await eventually('histogram_quantile(0.99, sum by (le) (dosehub_http_request_duration_seconds_bucket{job="dosehub"}))', (value) => value > 0);
    await eventually('sum(dosehub_db_query_duration_seconds_count)', (value) => value > 0);

    // Mails through the queue: the account's confirmation link and the contact message went out; none waits.
    await eventually('dosehub_mails_total{outcome="sent"}', (value) => value === 2);
    await eventually('dosehub_mail_queue_depth', (value) => value === 0);

    // Each background job ran once at start, in this process, and succeeded.
    const jobs = await eventually('dosehub_task_runs_total{outcome="success"}', (value) => value >= 1);
    expect(jobs.map((sample) => sample.metric.task).sort()).toEqual(['data-export', 'mail-queue', 'retention', 'subscription-lifecycle', 'upload-sweep']);
    await eventually('dosehub_ready', (value) => value === 1);
    // The shipped rules load in this Prometheus, and none fires on a healthy server.
    expect(await prometheus.query('ALERTS{alertstate="firing"}')).toEqual([]);
  });
});
