/**
 * `npm run sandbox:pay -- <bill id | linha digitável> [--url http://localhost:8080] [--amount 150.00] [--event-id <id>]`:
 * sends the running server the sandbox provider's `payment.confirmed` event for that bill, signed the way a
 * gateway signs it, so anyone can finish the hire → bill → payment path by hand. The same `--event-id` again is
 * a retried delivery (the server answers `replayed`).
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { bills, settings } from './db/schema.ts';
import { readWebhookSecretFile } from './payments/secret-file.ts';
import { signPayload } from './payments/signature.ts';
import { WEBHOOK_SECRET_SETTING } from './services/secrets.ts';

const LINE = /^\d{47}$/;

/** As the server reads it: PAYMENTS_WEBHOOK_SECRET, else the generated one (PGlite leaves it a file; PostgreSQL keeps it). */
async function webhookSecret(config: Config): Promise<string> {
  const configured = config.payments?.webhookSecret ?? readWebhookSecretFile(config.dataDir);
  if (configured) return configured;
  if (config.database.kind !== 'postgres') throw new Error('No webhook secret yet: start the server once (it generates one), or set PAYMENTS_WEBHOOK_SECRET for both.');
  const database = await openDatabase(config.database);
  try {
    const [row] = await database.db.select().from(settings).where(eq(settings.key, WEBHOOK_SECRET_SETTING));
    if (!row) throw new Error('No webhook secret yet: start the server once, it generates one.');
    return row.value;
  } finally {
    await database.close();
  }
}

/** The bill's amount: a line carries it (its last 10 digits); a bill id needs --amount, or the PostgreSQL database. */
async function amountOf(config: Config, bill: string, given: string | undefined): Promise<string> {
  if (given) return given;
  if (LINE.test(bill)) return (Number(bill.slice(37)) / 100).toFixed(2);
  if (config.database.kind !== 'postgres') throw new Error('Give the amount (--amount 150.00), or the bill\'s linha digitável instead of its id.');
  const database = await openDatabase(config.database);
  try {
    const [row] = await database.db.select({ amountCents: bills.amountCents }).from(bills).where(eq(bills.providerBillId, bill));
    if (!row) throw new Error(`No bill ${bill}.`);
    return (row.amountCents / 100).toFixed(2);
  } finally {
    await database.close();
  }
}

export async function sandboxPay(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ status: number; body: string }> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { url: { type: 'string' }, amount: { type: 'string' }, 'event-id': { type: 'string' } },
  });
  const config = loadConfig(env);
  const bill = positionals.join('').replace(/[\s.]/g, '');
  if (!bill) throw new Error('Usage: npm run sandbox:pay -- <bill id | linha digitável> [--url URL] [--amount 150.00] [--event-id ID]');
  const base = (values.url ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
  const body = JSON.stringify({
    id: values['event-id'] ?? `evt_${randomUUID()}`,
    type: 'payment.confirmed',
    data: { billId: bill, amount: await amountOf(config, bill, values.amount), paidAt: new Date().toISOString() },
  });
  const response = await fetch(`${base}/api/v1/payments/webhook/sandbox/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'dosehub-signature': signPayload(await webhookSecret(config), body) },
    body,
  });
  return { status: response.status, body: await response.text() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  sandboxPay(process.argv.slice(2)).then(
    ({ status, body }) => {
      process.stdout.write(`${status} ${body}\n`);
      process.exitCode = status === 200 ? 0 : 1;
    },
    (error: Error) => {
      console.error(error.message);
      process.exitCode = 2;
    },
  );
}
