// Prometheus metrics (issue 32): served on a port of their own, behind a bearer token when one is set, labelled by
// route pattern (never a raw path or an id), counting what the operator watches.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { API, createMailingTestApp, registerUser, uniqueEmail, type MailingTestApp } from '#tests/utils/accounts.ts';
import { imageBytes } from '#tests/utils/calibrations.ts';
import { createUpload, patchUpload } from '#tests/utils/uploads.ts';
import { paymentEvent, sendWebhook } from '#tests/utils/payments.ts';
import { createTestApp } from '#tests/utils/test-app.ts';

const TOKEN = 'a-metrics-token-for-tests';
let t: MailingTestApp;
let metricsUrl: string;

beforeAll(async () => {
  t = await createMailingTestApp({ metrics: { port: 0, host: '127.0.0.1', token: TOKEN } });
  metricsUrl = `http://127.0.0.1:${t.app.metricsPort()}/metrics`;
});
afterAll(() => t?.close());

async function scrape(): Promise<string> {
  const response = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of one sample, `name{labels}` written as Prometheus writes it (labels in declaration order); 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('the metrics endpoint', () => {
  it('refuses a scrape without the bearer token, and serves nothing but /metrics', async () => {
    expect((await fetch(metricsUrl)).status).toBe(401);
    expect((await fetch(metricsUrl, { headers: { authorization: 'Bearer wrong-token-of-some-length' } })).status).toBe(401);
    expect((await fetch(metricsUrl.replace('/metrics', '/'), { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it('has process and event-loop metrics, each job run since start, and the readiness', async () => {
    const text = await scrape();
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(sample(text, 'dosehub_task_runs_total{task="upload-sweep",outcome="success"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'dosehub_task_period_seconds{task="subscription-lifecycle"}')).toBe(3600);
    expect(sample(text, 'dosehub_ready')).toBe(1);
  });

  it('labels requests by route pattern, method and status class, never by path or id', async () => {
    const uid = randomUUID();
    await t.app.inject({ url: `${API}/isotopes/` });
    await t.app.inject({ url: `${API}/users/${uid}/calibrations/` });
    const text = await scrape();
    expect(sample(text, 'dosehub_http_request_duration_seconds_count{route="/api/v1/isotopes/",method="GET",status_class="2xx"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'dosehub_http_request_duration_seconds_count{route="/api/v1/users/:uid/calibrations/",method="GET",status_class="4xx"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(uid);
    expect(sample(text, 'dosehub_db_query_duration_seconds_count')).toBeGreaterThan(0);
  });

  it('counts sign-in failures, mails sent and webhook refusals by reason', async () => {
    const before = await scrape();
    const login = await t.app.inject({ method: 'POST', url: `${API}/users/login/`, payload: { email: uniqueEmail(), password: 'not-the-password-1' } });
    expect(login.statusCode).toBe(400);
    const contact = await t.app.inject({
      method: 'POST',
      url: `${API}/contact/`,
      payload: { fullName: 'Júlia', email: uniqueEmail(), role: 'física', clinic: 'Sol', phone: '+5511987654321', subject: 'Prazos', message: 'Olá' },
    });
    expect(contact.statusCode).toBe(204);
    await t.app.mailQueue.idle();
    expect((await sendWebhook(t.app, paymentEvent(randomUUID(), '10.00'), { signature: 't=1,v1=00' })).statusCode).toBe(401);
    const after = await scrape();
    const moved = (series: string) => sample(after, series) - sample(before, series);
    expect(moved('dosehub_sign_in_failures_total')).toBe(1);
    expect(moved('dosehub_mails_total{outcome="sent"}')).toBe(1);
    expect(moved('dosehub_webhook_events_total{provider="sandbox",outcome="refused_signature"}')).toBe(1);
    expect(sample(after, 'dosehub_mail_queue_depth')).toBe(0);
  });
});

describe('rate limits', () => {
  it('counts 429s by route pattern', async () => {
    const email = uniqueEmail();
    const contact = () =>
      t.app.inject({ method: 'POST', url: `${API}/contact/`, payload: { fullName: 'Júlia', email, role: 'física', clinic: 'Sol', phone: '+5511987654321', subject: 'Prazos', message: 'Olá' } });
    const before = sample(await scrape(), 'dosehub_rate_limit_refusals_total{route="/api/v1/contact/"}');
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await contact()).statusCode);
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
    expect(sample(await scrape(), 'dosehub_rate_limit_refusals_total{route="/api/v1/contact/"}') - before).toBe(1);
  });
});

describe('uploads', () => {
  it('counts the bytes each tus PATCH added', async () => {
    const user = await registerUser(t.app);
    const bytes = imageBytes(3000);
    const id = await createUpload(t.app, user, bytes);
    const before = sample(await scrape(), 'dosehub_upload_bytes_received_total');
    expect((await patchUpload(t.app, user, id, 0, bytes.subarray(0, 1000))).statusCode).toBe(204);
    expect((await patchUpload(t.app, user, id, 1000, bytes.subarray(1000))).statusCode).toBe(204);
    expect(sample(await scrape(), 'dosehub_upload_bytes_received_total') - before).toBe(3000);
  });
});

describe('metrics off', () => {
  it('is the default: no METRICS_PORT, no metrics server', async () => {
    expect(loadConfig({}).metrics).toBeNull();
    const plain = await createTestApp();
    try {
      expect(plain.app.metricsPort()).toBeNull();
    } finally {
      await plain.close();
    }
  });

  it('refuses an interface other than loopback without a token', () => {
    expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: TOKEN }).metrics).toEqual({ port: 9464, host: '0.0.0.0', token: TOKEN });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1', token: null });
  });
});
