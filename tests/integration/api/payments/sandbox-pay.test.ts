// `npm run sandbox:pay -- <bill id | line | PIX txid | PIX copy-paste code>` against a listening server on PGlite, which cannot share its database
// with a second process: the script signs with the secret the server generated (left in its data directory),
// and the same event sent twice confirms once.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readBrCode } from '#server/payments/brcode.ts';
import { sandboxPay } from '#server/sandbox-pay.ts';
import { createMailingTestApp, makeDataDir, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { listNotifications, verifiedUser } from '#tests/utils/calibrations.ts';
import { createOrder, getOrder, staffUser } from '#tests/utils/orders.ts';
import { issuedOrder, uniqueCpf } from '#tests/utils/payments.ts';

let t: MailingTestApp;
let staff: SignedInUser;
let url: string;
let dataDir: string;
beforeAll(async () => {
  dataDir = await makeDataDir();
  t = await createMailingTestApp({ dataDir, database: { kind: 'pglite', dir: path.join(dataDir, 'db') } });
  staff = await staffUser(t);
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fsp.rm(dataDir, { recursive: true, force: true });
});

const env = () => ({ DATA_DIR: dataDir });

it('the line alone: the script reads the amount from it and the secret from the data directory; the same event id again is replayed', async () => {
  const user = await verifiedUser(t, { name: 'Nina Sandbox' });
  const order = await issuedOrder(t.app, staff, (await createOrder(t.app, staff, user, { paid: false, price: 320.4 })).id, { cpf: uniqueCpf() });
  const line = order.bill!.line!;
  const printed = `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21)}`;
  expect(await sandboxPay([printed, '--url', url, '--event-id', 'evt_twice'], env())).toEqual({ status: 200, body: '{"result":"confirmed"}' });
  expect(await sandboxPay([line, '--url', url, '--event-id', 'evt_twice'], env())).toEqual({ status: 200, body: '{"result":"replayed"}' });
  expect((await getOrder(t.app, user, order.id)).statusCode).toBe('CON');
  expect((await listNotifications(t.app, user)).row.filter((n) => n.message.startsWith('Pagamento'))).toHaveLength(1);
});

it('a bill id with --amount; a wrong amount is refused (409) and a wrong secret 401', async () => {
  const user = await verifiedUser(t, { name: 'Otto Sandbox' });
  const order = await issuedOrder(t.app, staff, (await createOrder(t.app, staff, user, { paid: false, price: 99.9 })).id, { cpf: uniqueCpf() });
  const [bill] = await t.app.db.query.bills.findMany({ where: (bills, { eq }) => eq(bills.orderId, order.id) });
  expect((await sandboxPay([bill!.providerBillId, '--url', url, '--amount', '99.00'], env())).status).toBe(409);
  expect((await sandboxPay([bill!.providerBillId, '--url', url, '--amount', '99.90'], { ...env(), PAYMENTS_WEBHOOK_SECRET: 'x'.repeat(40) })).status).toBe(401);
  expect(await sandboxPay([bill!.providerBillId, '--url', url, '--amount', '99.90'], env())).toEqual({ status: 200, body: '{"result":"confirmed"}' });
  await expect(sandboxPay([bill!.providerBillId, '--url', url], env())).rejects.toThrow(/--amount/);
});

it('PIX: the copy-paste code (even split at its spaces, as a shell passes it) pays the charge; a tampered code is refused with a CRC error; a txid needs --amount', async () => {
  const user = await verifiedUser(t, { name: 'Pedro Pix' });
  const created = await createOrder(t.app, staff, user, { paid: false, price: 210.3 });
  const order = await issuedOrder(t.app, staff, created.id, { cpf: uniqueCpf(), method: 'pix' });
  const code = order.bill!.pixCode!;
  const tampered = code.replace('210.30', '200.30');
  await expect(sandboxPay([tampered, '--url', url], env())).rejects.toThrow('BR Code CRC does not match: the code was changed or cut');
  await expect(sandboxPay([readBrCode(code).txid, '--url', url], env())).rejects.toThrow(/--amount/);
  expect(await sandboxPay([...code.split(' '), '--url', url], env())).toEqual({ status: 200, body: '{"result":"confirmed"}' });
  expect((await getOrder(t.app, user, order.id)).statusCode).toBe('CON');
  expect(await sandboxPay([readBrCode(code).txid, '--url', url, '--amount', '210.30'], env())).toEqual({ status: 200, body: '{"result":"alreadyPaid"}' });
});
