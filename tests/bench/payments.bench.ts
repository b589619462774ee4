/**
 * Payments: boletos issued per second (the sandbox's maths and PDF alone, and the whole staff issuing: the PDF,
 * its file, the bill row, the order's change) and webhook confirmations per second over loopback (signature,
 * event row, bill, order and notification in one transaction, the e-mail to the mail outbox); the same for PIX
 * charges and their `pix.received` events (issue 34).
 * Run with `npm run bench`; BENCH_PAYMENTS (how many of each, default 200) and BENCH_DATABASE_URL are optional.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { buildApp } from '#server/app.ts';
import { users } from '#server/db/schema.ts';
import { signPayload } from '#server/payments/signature.ts';
import { loadWebhookSecret } from '#server/services/secrets.ts';
import { createOrder } from '#server/services/orders.ts';
import { issueBill } from '#server/services/payments.ts';
import { testConfig } from '#tests/utils/test-app.ts';
import { uniqueCpf } from '#tests/utils/payments.ts';

const HOST = '127.0.0.1';
const CONCURRENCY = 8;

const count = Number(process.env.BENCH_PAYMENTS || 200);
const perSecond = (n: number, ms: number) => Math.round((n / ms) * 1000);

/** Runs `task(i)` for i < n, `CONCURRENCY` at a time; milliseconds taken. */
async function timed(n: number, task: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < n) await task(next++);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return performance.now() - started;
}

async function main(): Promise<number> {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'dosehub-bench-payments-'));
  const url = process.env.BENCH_DATABASE_URL;
  const app = await buildApp(testConfig({ host: HOST, dataDir, database: url ? { kind: 'postgres', url } : { kind: 'pglite', dir: null } }));
  try {
    const base = await app.listen({ host: HOST, port: 0 });
    const [user] = await app.db
      .insert(users)
      .values({ email: `bench-${randomUUID()}@dosehub.test`, passwordHash: 'x', name: 'Bench Payer', cpf: uniqueCpf().replace(/\D/g, ''), emailVerifiedAt: new Date() })
      .returning();
    const provider = app.payments.issuer;
    const request = { amountCents: 150_050, payer: { name: user!.name, document: user!.cpf! }, dueDate: '2026-12-31', documentNumber: '26/0001-01' };
    await provider.issueBill(request); // warm-up: fonts and code paths
    const pdfMs = await timed(count, async () => void (await provider.issueBill(request)));

    const notices = { db: app.db, translator: app.translator, baseUrl: base };
    const orders = await Promise.all(
      Array.from({ length: count }, async () => (await createOrder(notices, { userId: user!.id, serviceId: 'dosi-clin', quantity: 1, price: 1500.5 })).row),
    );
    const lines: string[] = [];
    const ctx = { ...notices, fileStore: app.fileStore, provider };
    const issueMs = await timed(count, async (i) => {
      const { row } = await issueBill(ctx, orders[i]!, { provider: 'sandbox' });
      lines[i] = (await app.db.query.bills.findFirst({ where: (bills, { eq }) => eq(bills.orderId, row.id) }))!.line!;
    });

    const secret = await loadWebhookSecret(app.db, null);
    let failures = 0;
    const webhookMs = await timed(count, async (i) => {
      const body = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'payment.confirmed', data: { billId: lines[i], amount: '1500.50', paidAt: new Date().toISOString() } });
      const response = await fetch(`${base}/api/v1/payments/webhook/sandbox/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'dosehub-signature': signPayload(secret, body) },
        body,
      });
      if ((await response.json()).result !== 'confirmed') failures += 1;
    });

    // PIX (issue 34): orders billed by PIX, then their `pix.received` events over loopback (goal ≥ 300/s).
    const pixOrders = await Promise.all(
      Array.from({ length: count }, async () => (await createOrder(notices, { userId: user!.id, serviceId: 'dosi-clin', quantity: 1, price: 1500.5 })).row),
    );
    const txids: string[] = [];
    const pixIssueMs = await timed(count, async (i) => {
      const { row } = await issueBill(ctx, pixOrders[i]!, { provider: 'sandbox', method: 'pix' });
      txids[i] = (await app.db.query.bills.findFirst({ where: (bills, { eq }) => eq(bills.orderId, row.id) }))!.providerBillId;
    });
    const pixMs = await timed(count, async (i) => {
      const body = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'pix.received', data: { txid: txids[i], amount: '1500.50', paidAt: new Date().toISOString() } });
      const response = await fetch(`${base}/api/v1/payments/webhook/sandbox/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'dosehub-signature': signPayload(secret, body) },
        body,
      });
      if ((await response.json()).result !== 'confirmed') failures += 1;
    });

    const rows = [
      ['sandbox issueBill (line, barcode, PDF)', perSecond(count, pdfMs)],
      ['staff issuing (PDF, file, bill row, order change)', perSecond(count, issueMs)],
      ['webhook confirmations over loopback', perSecond(count, webhookMs)],
      ['staff issuing by PIX (BR Code, bill row, order change)', perSecond(count, pixIssueMs)],
      ['PIX confirmations (pix.received) over loopback', perSecond(count, pixMs)],
    ];
    process.stdout.write(
      [
        '| what | per second |',
        '| --- | ---: |',
        ...rows.map(([what, rate]) => `| ${what} | ${rate} |`),
        '',
        `- ${count} of each, ${CONCURRENCY} at a time; Node ${process.version}; ${os.cpus()[0]?.model ?? 'CPU'} × ${os.cpus().length}; ${url ? 'PostgreSQL' : 'PGlite in memory'}`,
        `- webhook answers other than "confirmed": ${failures}`,
        '',
      ].join('\n'),
    );
    return failures > 0 ? 1 : 0;
  } finally {
    await app.close();
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (exitCode) => process.exit(exitCode),
  (error: unknown) => {
    process.stderr.write(`Benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
