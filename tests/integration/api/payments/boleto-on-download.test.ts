// Issue 35: a boleto's PDF is drawn on its file's first download, not when staff issue it, then served as stored;
// downloads at once draw it once; a replaced bill leaves no file behind; boletos issued together (one transaction
// for the batch: services/bill-issuing.ts) are each recorded, told and mailed once.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bills, files, notifications } from '#server/db/schema.ts';
import { formatLinhaDigitavel } from '#server/payments/boleto.ts';
import { drawnFile } from '#server/services/boleto-pdfs.ts';
import { createMailingTestApp, expectStatus, mailsTo, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { fileIdOf, storedFiles, verifiedUser } from '#tests/utils/calibrations.ts';
import { createOrder, getOrder, staffUser, type Order } from '#tests/utils/orders.ts';
import { issueBoleto, issuedOrder, uniqueCpf } from '#tests/utils/payments.ts';

let t: MailingTestApp;
let staff: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  staff = await staffUser(t);
}, 120_000);
afterAll(() => t?.close());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const fileRow = async (order: Order) => (await t.app.db.select().from(files).where(eq(files.id, fileIdOf(order.billUrl))))[0];
const download = (user: SignedInUser, order: Order) => t.app.inject({ url: order.billUrl!, headers: { cookie: user.cookies } });
const textOf = async (pdf: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text.replace(/\s+/g, ' ');

async function billed(name: string) {
  const user = await verifiedUser(t, { name });
  const created = await createOrder(t.app, staff, user, { paid: false, price: 321.09 });
  return { user, order: await issuedOrder(t.app, staff, created.id, { cpf: uniqueCpf() }) };
}

describe("a boleto's PDF", () => {
  it('is not stored when issued; the first download draws it (payer, line, amount) and stores it; later downloads serve the stored bytes', async () => {
    const before = storedFiles(t.dataDir).length;
    const { user, order } = await billed('Clara Primeira');
    expect(storedFiles(t.dataDir)).toHaveLength(before);
    const first = await download(user, order);
    expectStatus(first, 200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-length']).toBe(String(first.rawPayload.length));
    const text = await textOf(first.rawPayload);
    expect(text).toContain(formatLinhaDigitavel(order.bill!.line!));
    expect(text).toContain('Clara Primeira');
    expect(text).toContain('R$ 321,09');
    expect(text).toContain(order.code);
    const stored = (await fileRow(order))!;
    expect(stored).toMatchObject({ size: first.rawPayload.length, sha256: sha256(first.rawPayload) });
    expect(storedFiles(t.dataDir)).toEqual(expect.arrayContaining([stored.storageKey]));
    expect(storedFiles(t.dataDir)).toHaveLength(before + 1);
    const again = await download(staff, order);
    expectStatus(again, 200);
    expect(sha256(again.rawPayload)).toBe(stored.sha256);
    expect((await fileRow(order))!.storageKey).toBe(stored.storageKey);
  });

  it('ten first downloads at once draw it once: the same bytes to each, one stored file', async () => {
    const { user, order } = await billed('Caio Simultâneo');
    const before = storedFiles(t.dataDir).length;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => download(i % 2 ? staff : user, order)));
    for (const answer of answers) expectStatus(answer, 200);
    expect(new Set(answers.map((answer) => sha256(answer.rawPayload)))).toEqual(new Set([(await fileRow(order))!.sha256]));
    expect(storedFiles(t.dataDir)).toHaveLength(before + 1);
  });

  it('drawn meanwhile elsewhere (another process): the stored one is kept, the second drawing removed', async () => {
    const { user, order } = await billed('Duda Outro Processo');
    const undrawn = (await fileRow(order))!;
    expectStatus(await download(user, order), 200);
    const kept = (await fileRow(order))!;
    const before = storedFiles(t.dataDir).length;
    const deps = { db: t.app.db, fileStore: t.app.fileStore, providers: t.app.payments.providers };
    expect(await drawnFile(deps, undrawn)).toEqual(kept);
    expect(storedFiles(t.dataDir)).toHaveLength(before);
  });

  it("replaced by a new boleto: the old one's file and stored bytes go, drawn or not; the new one is drawn with its own line", async () => {
    const { user, order } = await billed('Enzo Troca');
    expectStatus(await download(user, order), 200);
    const drawn = (await fileRow(order))!;
    const second = await issuedOrder(t.app, staff, order.id);
    expect(await fileRow(order)).toBeUndefined();
    expect(storedFiles(t.dataDir)).not.toContain(drawn.storageKey);
    const third = await issuedOrder(t.app, staff, order.id);
    expect(await fileRow(second)).toBeUndefined();
    const pdf = await download(user, third);
    expectStatus(pdf, 200);
    expect(await textOf(pdf.rawPayload)).toContain(formatLinhaDigitavel(third.bill!.line!));
    expectStatus(await download(user, order), 404);
  });
});

describe('boletos issued at once', () => {
  it('each order gets its own bill, file, audit entry, notification and mail, once', async () => {
    const users = await Promise.all(['Gabi', 'Hugo', 'Iris', 'Joana', 'Kauã', 'Lia'].map((name) => verifiedUser(t, { name: `${name} Lote` })));
    const created = await Promise.all(users.map((user) => createOrder(t.app, staff, user, { paid: false, price: 99.9 })));
    const answers = await Promise.all(created.map((order) => issueBoleto(t.app, staff, order.id, { cpf: uniqueCpf() })));
    for (const answer of answers) expectStatus(answer, 200);
    for (const [i, user] of users.entries()) {
      const order = await getOrder(t.app, user, created[i]!.id);
      expect(order.bill).toMatchObject({ method: 'boleto', amount: 99.9, status: 'open' });
      expect(await t.app.db.select().from(bills).where(eq(bills.orderId, order.id))).toHaveLength(1);
      expect(await t.app.db.select().from(auditLog).where(eq(auditLog.recordId, order.id)).orderBy(auditLog.at)).toEqual([
        expect.objectContaining({ action: 'order.create' }),
        expect.objectContaining({ action: 'order.bill', after: expect.objectContaining({ billFileId: fileIdOf(order.billUrl), paymentMethod: 'boleto' }) }),
      ]);
      const told = await t.app.db.select().from(notifications).where(eq(notifications.userId, user.id));
      expect(told.filter((notice) => notice.messageKey === 'billIssued')).toHaveLength(1);
      await expect.poll(() => mailsTo(t.smtp, user.email).filter((mail) => mail.text.includes(formatLinhaDigitavel(order.bill!.line!)))).toHaveLength(1);
      expectStatus(await download(user, order), 200);
    }
  });

  it('with PIX charges in the same batch: each by its own method, one replacing a boleto whose file goes', async () => {
    const { user: replacedUser, order: withBoleto } = await billed('Rui Troca');
    const replacedFile = fileIdOf(withBoleto.billUrl);
    const users = await Promise.all(['Pia', 'Quim', 'Rosa', 'Saulo'].map((name) => verifiedUser(t, { name: `${name} Misto` })));
    const created = await Promise.all(users.map((user) => createOrder(t.app, staff, user, { paid: false, price: 45.5 })));
    const methods = ['pix', 'boleto', 'pix', 'boleto'] as const;
    const answers = await Promise.all([
      ...created.map((order, i) => issueBoleto(t.app, staff, order.id, { cpf: uniqueCpf(), method: methods[i] })),
      issueBoleto(t.app, staff, withBoleto.id, { method: 'pix' }),
    ]);
    for (const answer of answers) expectStatus(answer, 200);
    for (const [i, user] of [...users, replacedUser].entries()) {
      const order = await getOrder(t.app, user, i < users.length ? created[i]!.id : withBoleto.id);
      const method = methods[i] ?? 'pix';
      expect(order).toMatchObject({ paymentMethod: method, bill: { method, status: 'open' } });
      expect(order.billUrl === null).toBe(method === 'pix');
      const billRows = await t.app.db.select().from(bills).where(eq(bills.orderId, order.id));
      expect(billRows.filter((bill) => bill.method === method && bill.status === 'open')).toHaveLength(1);
      if (method === 'pix') expect(billRows.find((bill) => bill.method === 'pix')!.pixCode).toMatch(/^000201/);
      const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.recordId, order.id)).orderBy(auditLog.at);
      expect(audits.filter((entry) => entry.action === 'order.bill').at(-1)).toMatchObject({ after: expect.objectContaining({ paymentMethod: method }) });
      const told = await t.app.db.select().from(notifications).where(eq(notifications.userId, user.id));
      expect(told.filter((notice) => notice.messageKey === 'billIssued')).toHaveLength(i < users.length ? 1 : 2);
    }
    expect(await t.app.db.select().from(files).where(eq(files.id, replacedFile))).toEqual([]);
  });

  it('one order billed twice at once: both answered, the order shows the bill of one of the two, whose PDF downloads', async () => {
    const user = await verifiedUser(t, { name: 'Mia Duas Vezes' });
    const created = await createOrder(t.app, staff, user, { paid: false });
    const cpf = uniqueCpf();
    const answers = await Promise.all([issueBoleto(t.app, staff, created.id, { cpf }), issueBoleto(t.app, staff, created.id, { cpf })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const order = await getOrder(t.app, user, created.id);
    expect(answers.map((answer) => answer.json<Order>().billUrl)).toContain(order.billUrl);
    expectStatus(await download(user, order), 200);
  });
});

describe('the ids a bill is read by', () => {
  it(`a download of another user's undrawn boleto is 404 and draws nothing`, async () => {
    const { order } = await billed('Nina Privada');
    const other = await verifiedUser(t, { name: 'Otto Curioso' });
    const before = storedFiles(t.dataDir).length;
    expectStatus(await t.app.inject({ url: order.billUrl!, headers: { cookie: other.cookies } }), 404);
    expect(storedFiles(t.dataDir)).toHaveLength(before);
    expect((await fileRow(order))!.size).toBe(0);
  });
});
