/**
 * `npm run sandbox:pay -- <bill id | linha digitável | PIX txid | PIX copy-paste code> [--url http://localhost:8080] [--amount 150.00] [--event-id <id>]`:
 * sends the running server the sandbox provider's event for that bill (`payment.confirmed` for a boleto,
 * `pix.received` for a PIX charge), signed the way a gateway signs it, so anyone can finish the hire → bill →
 * payment path by hand. The same `--event-id` again is a retried delivery (the server answers `replayed`). A
 * copy-paste code whose CRC does not match (changed or cut) is refused here, before anything is sent.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { bills, settings } from './db/schema.ts';
import { readBrCode } from './payments/brcode.ts';
import { readWebhookSecretFile } from './payments/secret-file.ts';
import { signPayload } from './payments/signature.ts';
import { WEBHOOK_SECRET_SETTING } from './services/secrets.ts';

const LINE = /^\d{47}$/;
/** A sandbox txid: letters and digits only (a boleto's id has an underscore). */
const TXID = /^[A-Za-z0-9]{1,25}$/;

/** What the argument names: a PIX charge (by its copy-paste code, which carries its amount, or by its txid), or a boleto. */
function readTarget(argument: string): { pix: boolean; billId: string; amount?: string } {
  if (argument.trim().startsWith('000201')) {
    const { txid, amount } = readBrCode(argument);
    return { pix: true, billId: txid, amount };
  }
  const bill = argument.replace(/[\s.]/g, '');
  return { pix: TXID.test(bill) && !LINE.test(bill), billId: bill };
}

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
  if (config.database.kind !== 'postgres') throw new Error('Give the amount (--amount 150.00), or the bill\'s linha digitável (a PIX charge\'s copy-paste code) instead of its id.');
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
  if (positionals.length === 0) throw new Error('Usage: npm run sandbox:pay -- <bill id | linha digitável | PIX txid | PIX copy-paste code> [--url URL] [--amount 150.00] [--event-id ID]');
  const target = readTarget(positionals.join(' '));
  const base = (values.url ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
  const amount = await amountOf(config, target.billId, values.amount ?? target.amount);
  const id = values['event-id'] ?? `evt_${randomUUID()}`;
  const paidAt = new Date().toISOString();
  const body = JSON.stringify(
    target.pix
      ? { id, type: 'pix.received', data: { txid: target.billId, amount, endToEndId: `E999${randomUUID().replace(/-/g, '')}`.slice(0, 32), paidAt } }
      : { id, type: 'payment.confirmed', data: { billId: target.billId, amount, paidAt } },
  );
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
