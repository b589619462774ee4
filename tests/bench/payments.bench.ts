/**
 * Payments on one process (issues 34 and 35): boletos and PIX charges issued by staff per second, and signed webhook
 * confirmations per second over loopback (`payment.confirmed` for boletos, `pix.received` for PIX), 20 senders at
 * a time, with a real SMTP server (smtp-server, tests/utils/smtp.ts) accepting the payment mails the queue sends
 * after commit. The senders and the SMTP server run in a process of their own (payment-peer.ts), as a provider and
 * a mail server do: the rates and CPU times are the server's. Among the confirmations, 50 deliveries of one event
 * id and 50 event ids for one bill: every effect (event row, bill, order, notification, mail) must be there exactly once.
 * A boleto's PDF is drawn on its first download, not at issue: the bench times those first drawings apart.
 *
 * Databases: PGlite in a data directory, as `npm start` runs it; then PostgreSQL when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL names a server (the bench makes a database of its own there and drops it); BENCH_DATABASES=pglite
 * or =postgres runs one. BENCH_PAYMENTS: how many bills of each kind (default 300, issue 35's scenario: 300 events
 * besides the duplicates). BENCH_CPU_PROF_DIR: the server's CPU profile of each method's webhook phase (answers and
 * mails) is written there, `boleto-webhooks.cpuprofile` and `pix-webhooks.cpuprofile`.
 * Exits 1 when a goal is missed or an effect is missing or repeated.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fsp from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { and, count as countRows, eq, inArray, like } from 'drizzle-orm';
import { buildApp, type App } from '#server/app.ts';
import type { Config } from '#server/config.ts';
import { bills, files, notifications, orders, outgoingMails, paymentEvents, users } from '#server/db/schema.ts';
import { signPayload } from '#server/payments/signature.ts';
import { loadWebhookSecret } from '#server/services/secrets.ts';
import { createOrder, type OrderRow } from '#server/services/orders.ts';
import { issueBill } from '#server/services/payments.ts';
import { drawnFile } from '#server/services/boleto-pdfs.ts';
import { UNDRAWN_KEY_PREFIX } from '#server/storage/file-store.ts';
import { testConfig } from '#tests/utils/test-app.ts';
import { createPostgresDatabase } from '#tests/utils/test-database.ts';
import { uniqueCpf } from '#tests/utils/payments.ts';
import type { PeerAnswer, PeerRequest } from './payment-peer.ts';
import { startNodeFlags } from './start-flags.ts';

const HOST = '127.0.0.1';
const STAFF_AT_ONCE = 8;
const SENDERS = 20;
const DUPLICATES = 50;
const GOALS = { issuing: 200, confirmations: 300 };
const MAIL_WAIT_MS = 60_000;

const count = Number(process.env.BENCH_PAYMENTS || 300);
const perSecond = (n: number, ms: number) => Math.round((n / ms) * 1000);

/** CPU milliseconds this process has used (user and system), which the machine's load moves far less than the clock. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Runs `task(i)` for i < n, `atOnce` at a time; milliseconds taken. */
async function timed(n: number, atOnce: number, task: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < n) await task(next++);
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
  return performance.now() - started;
}

interface BenchDatabase {
  database: Config['database'];
  label: string;
  drop(): Promise<void>;
}

const postgresUrl = () => process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;

/** The databases to run on, in turn: PGlite, then PostgreSQL when a server is named (BENCH_DATABASES narrows). */
function databaseKinds(): ('pglite' | 'postgres')[] {
  const wanted = process.env.BENCH_DATABASES?.split(',');
  const kinds = (['pglite', 'postgres'] as const).filter((kind) => (kind === 'pglite' || postgresUrl()) && (!wanted || wanted.includes(kind)));
  if (kinds.length === 0) throw new Error('BENCH_DATABASES=postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
  return kinds;
}

async function benchDatabase(kind: 'pglite' | 'postgres', dataDir: string): Promise<BenchDatabase> {
  if (kind === 'pglite') return { database: { kind: 'pglite', dir: path.join(dataDir, 'db') }, label: 'PGlite in a data directory', drop: async () => {} };
  const url = postgresUrl()!;
  process.env.TEST_DATABASE_URL = url;
  const created = await createPostgresDatabase();
  return { ...created, label: `PostgreSQL (${new URL(url).host}, a database of its own)` };
}

interface Phase {
  what: string;
  rate: number;
  goal?: number;
  /** CPU milliseconds of the server's process per bill (the senders and the SMTP server have their own). */
  cpu?: number;
}

/** The senders' and SMTP server's process. */
interface Peer {
  ask<T extends PeerAnswer['type']>(request: PeerRequest): Promise<Extract<PeerAnswer, { type: T }>>;
  process: ChildProcess;
}

async function startPeer(): Promise<Peer & { smtpUrl: string }> {
  const child = fork(fileURLToPath(new URL('./payment-peer.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
  const [ready] = (await once(child, 'message')) as [Extract<PeerAnswer, { type: 'ready' }>];
  let asking = Promise.resolve();
  const ask = <T extends PeerAnswer['type']>(request: PeerRequest) => {
    const answered = asking.then(async () => {
      child.send(request);
      return (await once(child, 'message'))[0] as Extract<PeerAnswer, { type: T }>;
    });
    asking = answered.then(() => undefined);
    return answered;
  };
  return { ask, process: child, smtpUrl: ready.smtpUrl };
}

interface Bench {
  app: App;
  base: string;
  peer: Peer;
  secret: string;
  payer: { id: string; email: string };
  problems: string[];
}

async function newOrders(bench: Bench, n: number, userId = bench.payer.id): Promise<OrderRow[]> {
  const notices = { db: bench.app.db, translator: bench.app.translator, baseUrl: bench.base };
  const made: OrderRow[] = [];
  for (let i = 0; i < n; i++) made.push((await createOrder(notices, { userId, serviceId: 'dosi-clin', quantity: 1, price: 1500.5 })).row);
  return made;
}

const WARM_UP_BILLS = 40;

/** Issues and confirms a few bills of each kind for another payer, untimed, so that each timed phase runs compiled code. */
async function warmUp(bench: Bench, warmUpPayer: string) {
  for (const method of ['boleto', 'pix'] as const) {
    const toIssue = await newOrders(bench, WARM_UP_BILLS, warmUpPayer);
    await staffIssuing(bench, method, toIssue);
    const issued = await bench.app.db.select({ providerBillId: bills.providerBillId }).from(bills).where(inArray(bills.orderId, toIssue.map((order) => order.id)));
    await sendAll(bench, eventsFor(method, issued.map((bill) => bill.providerBillId)));
  }
  await bench.app.mailQueue.idle();
}

async function staffIssuing(bench: Bench, method: 'boleto' | 'pix', toIssue: OrderRow[]): Promise<number> {
  const { app, base } = bench;
  const ctx = { db: app.db, translator: app.translator, baseUrl: base, fileStore: app.fileStore, provider: app.payments.issuer };
  return timed(toIssue.length, STAFF_AT_ONCE, async (i) => void (await issueBill(ctx, toIssue[i]!, { provider: 'sandbox', method })));
}

/** The events to send: one per bill, then 50 deliveries of one event id (the next bill) and 50 ids for the last one, first in line. */
function eventsFor(method: 'boleto' | 'pix', billIds: string[]): string[] {
  const event = (billId: string, id = `evt_${randomUUID()}`) =>
    JSON.stringify(
      method === 'pix'
        ? { id, type: 'pix.received', data: { txid: billId, amount: '1500.50', paidAt: new Date().toISOString() } }
        : { id, type: 'payment.confirmed', data: { billId, amount: '1500.50', paidAt: new Date().toISOString() } },
    );
  const single = billIds.slice(0, -2).map((billId) => event(billId));
  const replayed = event(billIds.at(-2)!);
  const sameBill = Array.from({ length: DUPLICATES }, () => event(billIds.at(-1)!));
  return [...Array.from({ length: DUPLICATES }, () => replayed), ...sameBill, ...single];
}

async function sendAll(bench: Bench, bodies: string[]) {
  const requests = bodies.map((body) => ({ body, signature: signPayload(bench.secret, body) }));
  const { ms, results } = await bench.peer.ask<'sent'>({ type: 'send', url: `${bench.base}/api/v1/payments/webhook/sandbox/`, senders: SENDERS, requests });
  return { ms, results };
}

const mailsTo = async (bench: Bench) => (await bench.peer.ask<'count'>({ type: 'count', to: bench.payer.email })).n;

/** Waits until the SMTP server has `expected` mails for the payer (or the wait runs out); milliseconds since `since`. */
async function mailsDelivered(bench: Bench, expected: number, since: number): Promise<number> {
  const deadline = performance.now() + MAIL_WAIT_MS;
  while ((await mailsTo(bench)) < expected && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  const ms = performance.now() - since;
  await bench.app.mailQueue.idle();
  return ms;
}

const expect = (bench: Bench, what: string, actual: number, wanted: number) => {
  if (actual !== wanted) bench.problems.push(`${what}: ${actual}, expected ${wanted}`);
};

/** Every effect of the confirmations once: answers, event rows, paid bills, confirmed orders, notifications, mails. */
async function checkEffects(bench: Bench, method: string, confirmed: OrderRow[], results: Record<string, number>) {
  const { db } = bench.app;
  const orderIds = confirmed.map((order) => order.id);
  const bills_ = await db.select({ id: bills.id, status: bills.status }).from(bills).where(inArray(bills.orderId, orderIds));
  const [events] = await db.select({ n: countRows() }).from(paymentEvents).where(inArray(paymentEvents.billId, bills_.map((bill) => bill.id)));
  const [paidOrders] = await db.select({ n: countRows() }).from(orders).where(and(inArray(orders.id, orderIds), eq(orders.statusPayment, 'CON')));
  const [notices] = await db.select({ n: countRows() }).from(notifications).where(and(eq(notifications.userId, bench.payer.id), eq(notifications.messageKey, 'paymentConfirmed')));
  const [pending] = await db.select({ n: countRows() }).from(outgoingMails).where(eq(outgoingMails.state, 'pending'));
  const n = confirmed.length;
  expect(bench, `${method}: "confirmed" answers`, results.confirmed ?? 0, n);
  expect(bench, `${method}: "replayed" answers`, results.replayed ?? 0, DUPLICATES - 1);
  expect(bench, `${method}: "alreadyPaid" answers`, results.alreadyPaid ?? 0, DUPLICATES - 1);
  expect(bench, `${method}: event rows`, events!.n, n - 1 + DUPLICATES);
  expect(bench, `${method}: paid bills`, bills_.filter((bill) => bill.status === 'paid').length, n);
  expect(bench, `${method}: confirmed orders`, paidOrders!.n, n);
  expect(bench, `${method}: payment notifications`, notices!.n, n);
  expect(bench, `${method}: payment mails accepted by the SMTP server`, await mailsTo(bench), n);
  expect(bench, `${method}: mails still pending`, pending!.n, 0);
  await db.delete(notifications).where(eq(notifications.userId, bench.payer.id));
}

/** The boletos' first downloads, as far as the server's part goes: each PDF drawn and stored (services/boleto-pdfs.ts), 8 at a time. */
async function firstDownloads(bench: Bench, fileIds: string[]): Promise<Phase> {
  const { app } = bench;
  const deps = { db: app.db, fileStore: app.fileStore, providers: app.payments.providers };
  const rows = await app.db.select().from(files).where(inArray(files.id, fileIds));
  const started = cpuMs();
  const ms = await timed(rows.length, STAFF_AT_ONCE, async (i) => void (await drawnFile(deps, rows[i]!)));
  const cpu = (cpuMs() - started) / rows.length;
  const [undrawn] = await app.db.select({ n: countRows() }).from(files).where(and(inArray(files.id, fileIds), like(files.storageKey, `${UNDRAWN_KEY_PREFIX}%`)));
  expect(bench, 'boleto PDFs not drawn after their first download', undrawn!.n, 0);
  return { what: 'first download of each boleto: its PDF drawn and stored', rate: perSecond(rows.length, ms), cpu };
}

/** With BENCH_CPU_PROF_DIR, a CPU profile of this process from now until the returned function is called. */
async function profiled(name: string): Promise<() => Promise<void>> {
  const dir = process.env.BENCH_CPU_PROF_DIR;
  if (!dir) return async () => {};
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    await fsp.mkdir(dir, { recursive: true });
    await fsp.writeFile(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  };
}

/** Staff issue `count + 2` bills, then their confirmations arrive (with the duplicates); the phases' rates. */
async function benchMethod(bench: Bench, method: 'boleto' | 'pix'): Promise<Phase[]> {
  const { app } = bench;
  const toIssue = await newOrders(bench, count + 2);
  const issueCpu = cpuMs();
  const issueMs = await staffIssuing(bench, method, toIssue);
  const issueCpuPerBill = (cpuMs() - issueCpu) / toIssue.length;
  const issued = await app.db.select({ orderId: bills.orderId, providerBillId: bills.providerBillId, fileId: bills.fileId }).from(bills).where(inArray(bills.orderId, toIssue.map((order) => order.id)));
  expect(bench, `${method}: bills issued`, issued.length, toIssue.length);
  const drawing = method === 'boleto' ? [await firstDownloads(bench, issued.map((bill) => bill.fileId!))] : [];
  const billIdOf = new Map(issued.map((bill) => [bill.orderId, bill.providerBillId]));
  await app.mailQueue.idle();
  await bench.peer.ask({ type: 'clear' });
  const stopProfile = await profiled(`${method}-webhooks`);
  const started = performance.now();
  const webhookCpu = cpuMs();
  const { ms, results } = await sendAll(bench, eventsFor(method, toIssue.map((order) => billIdOf.get(order.id)!)));
  const answersCpuPerBill = (cpuMs() - webhookCpu) / toIssue.length;
  const mailMs = await mailsDelivered(bench, toIssue.length, started);
  const mailCpuPerBill = (cpuMs() - webhookCpu) / toIssue.length;
  await stopProfile();
  await checkEffects(bench, method, toIssue, results);
  const name = method === 'pix' ? 'PIX (`pix.received`)' : 'boleto (`payment.confirmed`)';
  return [
    { what: `staff issuing by ${method === 'pix' ? 'PIX (BR Code, bill row, order change)' : 'boleto (file and bill rows, order change; no PDF yet)'}`, rate: perSecond(toIssue.length, issueMs), goal: GOALS.issuing, cpu: issueCpuPerBill },
    ...drawing,
    { what: `${name} webhook confirmations (answers, ${SENDERS} senders)`, rate: perSecond(toIssue.length, ms), goal: GOALS.confirmations, cpu: answersCpuPerBill },
    { what: `${name} webhook requests answered (with the ${2 * DUPLICATES} duplicates)`, rate: perSecond(toIssue.length - 2 + 2 * DUPLICATES, ms) },
    { what: `${name}: confirmations with their mail accepted by SMTP`, rate: perSecond(toIssue.length, mailMs), cpu: mailCpuPerBill },
  ];
}

/** Every phase on one database, its table printed; whether an effect or a goal was missed. */
async function benchOn(kind: 'pglite' | 'postgres', peer: Peer & { smtpUrl: string }): Promise<boolean> {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'dosehub-bench-payments-'));
  const database = await benchDatabase(kind, dataDir);
  const app = await buildApp(testConfig({ host: HOST, dataDir, database: database.database, smtpUrl: peer.smtpUrl }));
  try {
    const base = await app.listen({ host: HOST, port: 0 });
    const email = `bench-${randomUUID()}@dosehub.test`;
    const [payer] = await app.db.insert(users).values({ email, passwordHash: 'x', name: 'Bench Payer', cpf: uniqueCpf().replace(/\D/g, ''), emailVerifiedAt: new Date() }).returning();
    const bench: Bench = { app, base, peer, secret: await loadWebhookSecret(app.db, null), payer: { id: payer!.id, email }, problems: [] };
    const [warmUpPayer] = await app.db.insert(users).values({ email: `warm-up-${randomUUID()}@dosehub.test`, passwordHash: 'x', name: 'Warm Up', cpf: uniqueCpf().replace(/\D/g, ''), emailVerifiedAt: new Date() }).returning();
    await warmUp(bench, warmUpPayer!.id);

    const provider = app.payments.issuer;
    const request = { amountCents: 150_050, payer: { name: payer!.name, document: payer!.cpf! }, dueDate: '2026-12-31', documentNumber: '26/0001-01' };
    await provider.issueBill(request); // warm-up of the code paths
    const pdfCpu = cpuMs();
    const pdfMs = await timed(count, STAFF_AT_ONCE, async () => void (await provider.issueBill(request)));
    const sandboxAlone: Phase = { what: 'sandbox issueBill alone (line, barcode; the PDF is drawn on first download)', rate: perSecond(count, pdfMs), cpu: (cpuMs() - pdfCpu) / count };
    const phases = [sandboxAlone, ...(await benchMethod(bench, 'boleto')), ...(await benchMethod(bench, 'pix'))];

    const missed = phases.filter((phase) => phase.goal !== undefined && phase.rate < phase.goal);
    process.stdout.write(
      [
        `### ${database.label}`,
        '',
        '| what | per second | goal | CPU ms per bill |',
        '| --- | ---: | ---: | ---: |',
        ...phases.map(
          ({ what, rate, goal, cpu }) => `| ${what} | ${rate} | ${goal === undefined ? '' : `≥ ${goal}${rate < goal ? ' **missed**' : ''}`} | ${cpu === undefined ? '' : cpu.toFixed(1)} |`,
        ),
        '',
        `- after ${WARM_UP_BILLS} bills of each kind issued and confirmed untimed: ${count + 2} bills of each kind (staff ${STAFF_AT_ONCE} at a time), ${count} confirmations + ${DUPLICATES} deliveries of one event id + ${DUPLICATES} ids for one bill (${SENDERS} senders)`,
        `- Node ${process.version}, flags: ${startNodeFlags().join(' ') || 'none'}; ${os.cpus()[0]?.model ?? 'CPU'} × ${os.cpus().length}; load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`,
        `- effects: ${bench.problems.length === 0 ? 'each exactly once' : bench.problems.join('; ')}`,
        `- goals: ${missed.length === 0 ? 'all met' : `missed: ${missed.map((phase) => phase.what).join('; ')}`}`,
        '',
      ].join('\n'),
    );
    return bench.problems.length > 0 || missed.length > 0;
  } finally {
    await app.close();
    await database.drop();
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const kinds = databaseKinds();
  const peer = await startPeer();
  try {
    let failed = false;
    for (const kind of kinds) failed = (await benchOn(kind, peer)) || failed;
    if (!kinds.includes('postgres')) process.stdout.write('PostgreSQL not run: set BENCH_DATABASE_URL or TEST_DATABASE_URL to a server where databases can be created.\n');
    return failed ? 1 : 0;
  } finally {
    await peer.ask({ type: 'close' });
  }
}

/**
 * The server runs in this process: with `npm start`'s Node flags (a small young generation: docs/deployment.md
 * "Memory"), as production runs it, the bench starts itself again with them.
 */
function inStartFlags(): Promise<number> {
  const child = spawn(process.execPath, [...startNodeFlags(), '--import', 'tsx', fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
    env: { ...process.env, PAYMENTS_BENCH_WITH_START_FLAGS: '1' },
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

(process.env.PAYMENTS_BENCH_WITH_START_FLAGS ? main() : inStartFlags()).then(
  (exitCode) => process.exit(exitCode),
  (error: unknown) => {
    process.stderr.write(`Benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
