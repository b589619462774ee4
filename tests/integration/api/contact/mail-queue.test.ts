// The outgoing-mail queue (services/mail-queue.ts) against a real SMTP server that goes down and comes back on its
// port: a mail is stored with what causes it, delivered once when the server is back, retried with backoff, given
// up after its last attempt. The retry job is run by hand with a clock moved forward: no test waits.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outgoingMails, quoteRequests } from '#server/db/schema.ts';
import { buildApp } from '#server/app.ts';
import { MAIL_LEASE_MS, MAIL_MAX_ATTEMPTS, SENT_MAIL_KEPT_MS, deliverDueMails, retryDelayMs } from '#server/services/mail-queue.ts';
import { API, expectStatus, makeDataDir, registerUser, uniqueEmail, verifyEmail, type MailingTestApp } from '#tests/utils/accounts.ts';
import { verifiedUser } from '#tests/utils/calibrations.ts';
import { createOrder, staffConfirm, staffUser } from '#tests/utils/orders.ts';
import { startSmtpCapture, type SmtpCapture } from '#tests/utils/smtp.ts';
import { createTestApp, testConfig, type TestApp } from '#tests/utils/test-app.ts';

const COMPANY = 'no-reply@dosehub.test';
let smtp: SmtpCapture;
let t: TestApp;
const smtpDown = () => smtp.close();
const smtpUp = async () => {
  smtp = await startSmtpCapture({ port: smtp.port });
};

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // The job's own timer stays out of the way: the tests run it by hand.
  t = await createTestApp({ smtpUrl: smtp.url, mailRetryMs: 24 * 3600_000 });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const contactBody = (email = uniqueEmail('fila')) => ({
  fullName: 'Rui Fila',
  email,
  role: 'físico',
  clinic: 'Clínica Mar',
  phone: '11987654321',
  subject: 'Retorno',
  message: 'Mensagem que não pode se perder.',
});
/** Posts the form, then waits for the first send its commit started (in the background, after the answer). */
const postContact = async (body: object, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ method: 'POST', url: `${API}/contact/`, headers, payload: body });
  await t.app.mailQueue.idle();
  return response;
};
const mailsMentioning = (text: string) => smtp.messagesTo(COMPANY).filter((mail) => mail.text.includes(text));
const queuedMentioning = async (text: string) => (await t.app.db.select().from(outgoingMails)).filter((row) => row.text.includes(text));
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

describe('SMTP down, then back', () => {
  it('the contact message is answered 204 and its mail kept; once the server is back the job delivers it, once', async () => {
    const body = contactBody();
    await smtpDown();
    const sentAt = new Date();
    expectStatus(await postContact(body), 204);
    const [queued] = await queuedMentioning(body.email);
    expect(queued).toMatchObject({ kind: 'contact', state: 'pending', attempts: 1, subject: 'Contato', replyTo: body.email });
    expect(queued!.lastError).toBeTruthy();

    await smtpUp();
    expect(mailsMentioning(body.email)).toEqual([]);
    // The first retry is a minute after the failure: not before.
    await t.app.mailQueue.deliverDue(later(sentAt, retryDelayMs(1) - 5000));
    expect(mailsMentioning(body.email)).toEqual([]);
    await t.app.mailQueue.deliverDue(later(sentAt, retryDelayMs(1) + 5000));
    const [mail, ...others] = mailsMentioning(body.email);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ subject: 'Contato', envelope: { from: COMPANY, to: [COMPANY] } });
    expect(mail!.text).toContain('Mensagem que não pode se perder.');

    await t.app.mailQueue.deliverDue(later(sentAt, 24 * 3600_000));
    expect(mailsMentioning(body.email)).toHaveLength(1);
    expect((await queuedMentioning(body.email))[0]).toMatchObject({ state: 'sent', attempts: 2, lastError: null });
  });

  it("the quote's company mail too: stored with the request, delivered once when the server is back", async () => {
    const user = await registerUser(t.app, { name: 'Quésia Fila' });
    await verifyEmail(t.app, smtp, user);
    await smtpDown();
    const sentAt = new Date();
    const quote = { service: 'Radiosinoviortese', treatmentType: 'joelho', numberOfPatients: 2, comments: 'fila de e-mail' };
    const response = await t.app.inject({ method: 'POST', url: `${API}/users/${user.id}/budget/`, headers: { cookie: user.cookies }, payload: quote });
    expectStatus(response, 204);
    await t.app.mailQueue.idle();
    expect(await t.app.db.select().from(quoteRequests).where(eq(quoteRequests.userId, user.id))).toHaveLength(1);
    expect(await queuedMentioning(user.email)).toMatchObject([{ kind: 'quote', state: 'pending', attempts: 1, subject: 'Pedido de Orçamento' }]);

    await smtpUp();
    await t.app.mailQueue.deliverDue(later(sentAt, retryDelayMs(1) + 5000));
    await t.app.mailQueue.deliverDue(later(sentAt, 3600_000));
    const mails = mailsMentioning(user.email).filter((mail) => mail.subject === 'Pedido de Orçamento');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Comentários: fila de e-mail');
  });

  it('a replayed send (same Idempotency-Key) while the server is down queues nothing more: one mail arrives', async () => {
    const body = contactBody();
    const headers = { 'idempotency-key': randomUUID() };
    await smtpDown();
    const sentAt = new Date();
    expectStatus(await postContact(body, headers), 204);
    expectStatus(await postContact(body, headers), 204);
    expect(await queuedMentioning(body.email)).toHaveLength(1);
    await smtpUp();
    await t.app.mailQueue.deliverDue(later(sentAt, 10 * 60_000));
    await t.app.mailQueue.deliverDue(later(sentAt, 20 * 60_000));
    expect(mailsMentioning(body.email)).toHaveLength(1);
  });
});

describe('due by the server process clock', () => {
  it('a mail claimed in the very millisecond its change committed is sent then, not left for the retry job', async () => {
    const body = contactBody();
    // The process clock held still: the claim reads the same millisecond as the insert. PostgreSQL's now() (the
    // transaction's start, in microseconds) was later than it, and 2 of 5 contact mails of a CI run waited for the job.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date());
      expectStatus(await postContact(body), 204);
    } finally {
      vi.useRealTimers();
    }
    expect(mailsMentioning(body.email)).toHaveLength(1);
    expect((await queuedMentioning(body.email))[0]).toMatchObject({ state: 'sent', attempts: 1 });
  });
});

describe('the retry job', () => {
  it('retries after 1, 2, 4 … minutes (at most 6 hours), and gives up after the last attempt', async () => {
    const body = contactBody();
    await smtpDown();
    let now = new Date();
    expectStatus(await postContact(body), 204);
    for (let attempts = 1; attempts < MAIL_MAX_ATTEMPTS; attempts++) {
      const early = await t.app.mailQueue.deliverDue(later(now, retryDelayMs(attempts) - 1000));
      expect(early).toEqual({ sent: 0, retrying: 0, gaveUp: 0 });
      now = later(now, retryDelayMs(attempts) + 1000);
      const report = await t.app.mailQueue.deliverDue(now);
      expect(report).toEqual(attempts + 1 < MAIL_MAX_ATTEMPTS ? { sent: 0, retrying: 1, gaveUp: 0 } : { sent: 0, retrying: 0, gaveUp: 1 });
    }
    expect(retryDelayMs(MAIL_MAX_ATTEMPTS - 1)).toBe(6 * 3600_000);
    expect((await queuedMentioning(body.email))[0]).toMatchObject({ state: 'failed', attempts: MAIL_MAX_ATTEMPTS });

    await smtpUp();
    await t.app.mailQueue.deliverDue(later(now, 7 * 24 * 3600_000));
    expect(mailsMentioning(body.email)).toEqual([]);
  });

  it('two runs at once (two processes) send each due mail once', async () => {
    const bodies = [contactBody(), contactBody(), contactBody()];
    await smtpDown();
    const sentAt = new Date();
    for (const body of bodies) expectStatus(await postContact(body), 204);
    await smtpUp();
    const due = later(sentAt, retryDelayMs(1) + 5000);
    const reports = await Promise.all([t.app.mailQueue.deliverDue(due), t.app.mailQueue.deliverDue(due)]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(3);
    for (const body of bodies) expect(mailsMentioning(body.email)).toHaveLength(1);
  });

  it('a mail claimed by a sender that then died is sent again once its lease has passed', async () => {
    const body = contactBody();
    await smtpDown();
    expectStatus(await postContact(body), 204);
    const [row] = await queuedMentioning(body.email);
    // A sender claimed it (attempt counted, leased) and never reported back.
    const claimedAt = new Date();
    await t.app.db.update(outgoingMails).set({ attempts: 2, nextAttemptAt: later(claimedAt, MAIL_LEASE_MS) }).where(eq(outgoingMails.id, row!.id));
    await smtpUp();
    await t.app.mailQueue.deliverDue(later(claimedAt, MAIL_LEASE_MS - 5000));
    expect(mailsMentioning(body.email)).toEqual([]);
    await t.app.mailQueue.deliverDue(later(claimedAt, MAIL_LEASE_MS + 5000));
    expect(mailsMentioning(body.email)).toHaveLength(1);
  });

  it('a sent mail is deleted once kept 30 days; a given-up one stays', async () => {
    const body = contactBody();
    expectStatus(await postContact(body), 204);
    const [sent] = await queuedMentioning(body.email);
    expect(sent).toMatchObject({ state: 'sent' });
    await t.app.mailQueue.deliverDue(later(sent!.sentAt!, SENT_MAIL_KEPT_MS - 60_000));
    expect(await queuedMentioning(body.email)).toHaveLength(1);
    await t.app.mailQueue.deliverDue(later(sent!.sentAt!, SENT_MAIL_KEPT_MS + 60_000));
    expect(await queuedMentioning(body.email)).toEqual([]);
    const failed = (await t.app.db.select().from(outgoingMails)).filter((row) => row.state === 'failed');
    expect(failed.length).toBeGreaterThan(0);
  });

  it('giving up is logged as an error naming the mail', async () => {
    const body = contactBody();
    await smtpDown();
    expectStatus(await postContact(body), 204);
    const [row] = await queuedMentioning(body.email);
    await t.app.db.update(outgoingMails).set({ attempts: MAIL_MAX_ATTEMPTS - 1 }).where(eq(outgoingMails.id, row!.id));
    const lines: string[] = [];
    const log = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } } }).log;
    const report = await deliverDueMails({ db: t.app.db, mailer: t.app.mailer, log }, later(new Date(), 3600_000));
    expect(report.gaveUp).toBe(1);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toContainEqual(expect.objectContaining({ level: 50, msg: 'mail given up: every attempt failed', mailId: row!.id, kind: 'contact', attempts: MAIL_MAX_ATTEMPTS }));
    await smtpUp();
  });
});

describe("a user's notice mail (services/notices.ts)", () => {
  it("queued with its change (staff confirm an order's payment): kept while the SMTP server is down, delivered once when it is back", async () => {
    const mailing: MailingTestApp = { ...t, smtp, dataDir: '' };
    const staff = await staffUser(mailing);
    const user = await verifiedUser(mailing, { name: 'Nico Aviso' });
    const order = await createOrder(t.app, staff, user, { paid: false });
    const subject = `DoseHub: pagamento do pedido ${order.code} confirmado`;
    await smtpDown();
    const sentAt = new Date();
    expectStatus(await staffConfirm(t.app, staff, order.id), 200);
    await t.app.mailQueue.idle();
    const queued = (await t.app.db.select().from(outgoingMails)).filter((row) => row.recipient === user.email && row.subject === subject);
    expect(queued).toMatchObject([{ kind: 'notice', state: 'pending', attempts: 1 }]);

    await smtpUp();
    await t.app.mailQueue.deliverDue(later(sentAt, retryDelayMs(1) + 5000));
    await t.app.mailQueue.deliverDue(later(sentAt, 24 * 3600_000));
    const mails = smtp.messagesTo(user.email).filter((mail) => mail.subject === subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Enviar análises');
  });
});

describe('on start', () => {
  // Two servers started one after the other on an on-disk PGlite (migrations, seed): seconds each on a busy machine.
  it('a mail left due by an earlier run is sent when the server starts', { timeout: 60_000 }, async () => {
    const dataDir = await makeDataDir();
    const database = { kind: 'pglite' as const, dir: path.join(dataDir, 'db') };
    const body = contactBody();
    await smtpDown();
    const first = await buildApp(testConfig({ database, smtpUrl: smtp.url, dataDir }));
    expectStatus(await first.inject({ method: 'POST', url: `${API}/contact/`, payload: body }), 204);
    await first.mailQueue.idle();
    // Time passes while the server is stopped: the retry is due.
    await first.db.update(outgoingMails).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    await first.close();

    await smtpUp();
    const second = await buildApp(testConfig({ database, smtpUrl: smtp.url, dataDir }));
    try {
      const mail = await smtp.waitForMessage((message) => message.text.includes(body.email), 10_000);
      expect(mail.subject).toBe('Contato');
    } finally {
      await second.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
    expect(mailsMentioning(body.email)).toHaveLength(1);
  });
});

describe('a slow SMTP server', () => {
  it('does not hold the answer: the request answers at once, the send goes on after it and fails into a retry', async () => {
    // A server that takes the connection and never greets.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const slow = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`, mailRetryMs: 24 * 3600_000 });
    try {
      const body = contactBody();
      const response = await slow.app.inject({ method: 'POST', url: `${API}/contact/`, payload: body });
      expectStatus(response, 204);
      await expect.poll(async () => (await slow.app.db.select().from(outgoingMails))[0]?.attempts).toBe(1);
      const [claimed] = await slow.app.db.select().from(outgoingMails);
      expect(claimed).toMatchObject({ state: 'pending', attempts: 1, lastError: null });
      expect(claimed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + MAIL_LEASE_MS - 60_000);

      // The connection drops: the send fails and the mail waits for its first retry.
      await expect.poll(() => sockets.size).toBe(1);
      for (const socket of sockets) socket.destroy();
      await expect.poll(async () => (await slow.app.db.select().from(outgoingMails))[0]?.lastError ?? null).not.toBeNull();
      const [retrying] = await slow.app.db.select().from(outgoingMails);
      expect(retrying).toMatchObject({ state: 'pending', attempts: 1 });
    } finally {
      await slow.close();
      silent.close();
    }
  });
});
