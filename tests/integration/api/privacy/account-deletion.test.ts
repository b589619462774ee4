// Issue 30 item 3: "Delete my account". After it, nothing the server keeps names the person (every table, DATA_DIR,
// the bucket) but the bills it must keep; their sessions, refresh tokens and sign-in are gone; two requests at once
// delete once; a wrong password or code changes nothing; a processing analysis is cancelled and said so.
import { mailTo } from '#tests/utils/smtp.ts';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, bills, orders, pushSubscriptions, rateLimits, users } from '#server/db/schema.ts';
import {
  API,
  PASSWORD,
  REFRESH_COOKIE,
  createMailingTestApp,
  expectStatus,
  lang,
  loginRequest,
  pickCookie,
  uniqueEmail,
  uniqueIp,
  type MailingTestApp,
  type SignedInUser,
} from '#tests/utils/accounts.ts';
import { deleteAccountUrl, findInBucket, findInDataDir, findValues } from '#tests/utils/account-deletion.ts';
import { createCalibration, imageBytes, sha256, verifiedUser } from '#tests/utils/calibrations.ts';
import { analysesUrl, createAnalysis, createOrder, moveAnalysis, staffUser } from '#tests/utils/orders.ts';
import { issuedOrder, uniqueCpf } from '#tests/utils/payments.ts';
import { codeAt, enrolTotp } from '#tests/utils/second-factor.ts';
import { createUpload, uploadFile } from '#tests/utils/uploads.ts';

let t: MailingTestApp;
let staff: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  staff = await staffUser(t);
}, 300_000);
afterAll(() => t?.close());
beforeEach(async () => {
  await t.app.db.delete(rateLimits);
});

let sequence = 0;
/** A person with values only they have: name, e-mail, CPF, phone, clinic. */
function person() {
  sequence += 1;
  // Letters only: a name may not hold digits.
  const tag = `${Date.now()}${sequence}`.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);
  const phoneDigits = String(900_000_000 + Math.floor(Math.random() * 99_999_999)).slice(0, 9);
  return { name: `Ana Apagada ${tag}`, email: uniqueEmail(`apagada.${tag}`), cpf: uniqueCpf(), phone: `+5511${phoneDigits}`, clinic: `Clínica ${tag}` };
}

const deleteAccount = (user: SignedInUser, payload: Record<string, unknown>, acceptLanguage?: string) =>
  t.app.inject({ method: 'POST', url: deleteAccountUrl(user.id), headers: { cookie: user.cookies, ...lang(acceptLanguage) }, payload, remoteAddress: uniqueIp() });

const confirmed = (user: SignedInUser, extra: Record<string, unknown> = {}) => ({ password: PASSWORD, confirmation: user.email.toUpperCase(), ...extra });

describe('a clinician with data everywhere deletes the account', () => {
  const who = person();
  const hashes: string[] = [];
  const uploadIds: string[] = [];
  let ana: SignedInUser;
  let answer: Awaited<ReturnType<typeof deleteAccount>>;
  let billedOrderId: string;

  beforeAll(async () => {
    ana = await verifiedUser(t, { name: who.name, email: who.email, cpf: who.cpf, phone: who.phone, clinic: who.clinic });
    // A calibration (multipart: DATA_DIR/files), an analysis from a resumable upload (the upload store) being
    // processed, a billed order, an unfinished upload, a quote request, a contact message, a push subscription.
    const calibrationBytes = imageBytes(4096, 31);
    const calibration = await createCalibration(t.app, ana, {}, { images: calibrationBytes });
    const order = await createOrder(t.app, staff, ana, { serviceId: 'dosi-clin' });
    const analysisBytes = imageBytes(30_000, 32);
    const uploadId = await uploadFile(t.app, ana, analysisBytes);
    const created = await t.app.inject({
      method: 'POST',
      url: analysesUrl(ana.id, order.id),
      headers: { cookie: ana.cookies },
      payload: { analysisName: 'Fígado', calibrationId: calibration.id, injectedActivity: 7400, administrationDatetime: '2024-05-10T09:30:00-03:00', imagesUploadId: uploadId },
    });
    expectStatus(created, 201);
    await moveAnalysis(t.app, staff, created.json<{ id: string }>().id, 'PR');
    const doneOrder = await createOrder(t.app, staff, ana, { serviceId: 'seg-quant' });
    await moveAnalysis(t.app, staff, (await createAnalysis(t.app, ana, doneOrder, {}, { images: imageBytes(3000, 33) })).id, 'CO');
    billedOrderId = (await issuedOrder(t.app, staff, (await createOrder(t.app, staff, ana, { paid: false })).id)).id;
    const pendingBytes = imageBytes(10_000, 34);
    uploadIds.push(uploadId, await createUpload(t.app, ana, pendingBytes, { body: pendingBytes.slice(0, 4000), sha256: sha256(pendingBytes) }));
    hashes.push(sha256(calibrationBytes), sha256(analysisBytes), sha256(imageBytes(3000, 33)));
    expectStatus(await t.app.inject({ method: 'POST', url: `${API}/users/${ana.id}/budget/`, headers: { cookie: ana.cookies }, payload: { id: randomUUID(), service: 'Dosimetria Clínica', treatmentType: 'Lu-177 PSMA', numberOfPatients: 2, comments: `Para ${who.name}` } }), 204);
    const contact = { fullName: who.name, email: who.email, role: 'física', clinic: who.clinic, phone: who.phone, subject: 'Dúvida', message: 'Olá' };
    expectStatus(await t.app.inject({ method: 'POST', url: `${API}/contact/`, payload: contact, remoteAddress: uniqueIp() }), 204);
    await t.app.db.insert(pushSubscriptions).values({ userId: ana.id, endpoint: `https://push.example.com/${randomUUID()}`, p256dh: 'key', auth: 'auth', sessionId: randomUUID() });
    answer = await deleteAccount(ana, confirmed(ana), 'en-US');
  }, 300_000);

  it('answers 200 saying the processing analysis was cancelled and the bill kept, and ends the session', () => {
    expectStatus(answer, 200);
    expect(answer.json()).toEqual({ deleted: true, cancelledAnalyses: 1, keptBills: 1 });
    expect(answer.cookies.find(({ name }) => name === REFRESH_COOKIE)?.value).toBe('');
  });

  it('no table, no file under DATA_DIR and no object in the bucket holds the name, e-mail, CPF, phone or file bytes, but the kept bill its CPF', async () => {
    const cpfDigits = who.cpf.replace(/\D/g, '');
    const values = [who.name, who.email, cpfDigits, who.cpf, who.phone, who.clinic, ...hashes, ...uploadIds];
    expect(await findValues(t.app.db, values, { bills: [cpfDigits, who.cpf] })).toEqual([]);
    expect(findInDataDir(t.dataDir, hashes, [who.name, who.email, who.phone])).toEqual([]);
    if (t.s3) expect(await findInBucket(t.s3, hashes, uploadIds)).toEqual([]);
    const [bill] = await t.app.db.select().from(bills).where(eq(bills.orderId, billedOrderId));
    expect(bill).toMatchObject({ payerDocument: cpfDigits, fileId: null });
  });

  it('keeps the billed order under the pseudonym, which staff see as a deleted account', async () => {
    const [row] = await t.app.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, billedOrderId));
    expect(row?.userId).toBe(ana.id);
    const record = await t.app.inject({ url: `${API}/staff/users/${ana.id}/`, headers: { cookie: staff.cookies } });
    expectStatus(record, 200);
    expect(record.json()).toMatchObject({ deleted: true, deletedAt: expect.any(String), name: expect.stringMatching(/^deleted-user-[0-9a-f]{12}$/), phone: '', cpf: '', clinic: '' });
  });

  it('the old session, a replayed refresh token and the password are all refused; the device is told the account is gone', async () => {
    const profile = await t.app.inject({ url: `${API}/users/${ana.id}/`, headers: { cookie: ana.cookies } });
    expectStatus(profile, 401);
    expect(profile.headers['dosehub-account']).toBe('deleted');
    const refresh = await t.app.inject({ method: 'POST', url: `${API}/users/auth/token/refresh/`, headers: { cookie: pickCookie(ana.cookies, REFRESH_COOKIE) } });
    expectStatus(refresh, 401);
    expect(refresh.headers['dosehub-account']).toBe('deleted');
    expectStatus(await loginRequest(t.app, { email: who.email, password: PASSWORD }), 400);
  });

  it('mails the old address, in the language of the account', async () => {
    // The queue sends in the background: the order's mail, queued before, may arrive after this one.
    const mail = await t.smtp.waitForMessage((message) => mailTo(who.email)(message) && message.subject === 'DoseHub: sua conta foi excluída');
    expect(mail.text).toContain('1 análise em processamento foi cancelada');
  });

  it('the retention job removes the kept records once the fiscal period ended', async () => {
    const sixYearsOn = new Date(Date.now() + 6 * 366 * 86_400_000);
    expect((await t.app.runRetention(new Date())).accounts).toBe(0);
    const report = await t.app.runRetention(sixYearsOn);
    expect(report.accounts).toBeGreaterThanOrEqual(1);
    expect(await t.app.db.select().from(users).where(eq(users.id, ana.id))).toEqual([]);
    expect(await t.app.db.select().from(bills).where(eq(bills.orderId, billedOrderId))).toEqual([]);
    expect(await t.app.db.select().from(auditLog)).toEqual([]);
  });
});

describe('refusals change nothing', () => {
  it('a wrong password → 403 naming the field; a confirmation that is not the e-mail → 400; the account still works', async () => {
    const bia = await verifiedUser(t, { name: 'Bia Fica' });
    await createCalibration(t.app, bia);
    const wrong = await deleteAccount(bia, { password: 'not-the-password', confirmation: bia.email }, 'en-US');
    expectStatus(wrong, 403);
    expect(wrong.json()).toEqual({ errors: ['password: The password is not correct.'] });
    const mistyped = await deleteAccount(bia, { password: PASSWORD, confirmation: 'someone@else.com' }, 'en-US');
    expectStatus(mistyped, 400);
    expect(mistyped.json().errors[0]).toMatch(/^confirmation: /);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, bia.id));
    expect(row).toMatchObject({ name: 'Bia Fica', email: bia.email, deletedAt: null });
    expectStatus(await t.app.inject({ url: `${API}/users/${bia.id}/calibrations/`, headers: { cookie: bia.cookies } }), 200);
  });

  it('an account with an authenticator needs its code: none → 400, a wrong one → 403, the right one deletes', async () => {
    const caio = await enrolTotp(t.app, await verifiedUser(t, { name: 'Caio Código' }));
    expect((await deleteAccount(caio, confirmed(caio), 'en-US')).json()).toEqual({ errors: ['code: This field is required.'] });
    expectStatus(await deleteAccount(caio, confirmed(caio, { code: '000000' })), 403);
    expectStatus(await deleteAccount(caio, confirmed(caio, { code: await codeAt(caio.secret, 1) })), 200);
  });

  it('a session signed in more than 5 minutes ago must confirm the password first (403 DoseHub-Reauth)', async () => {
    const dora = await verifiedUser(t, { name: 'Dora Antiga' });
    const { startSession } = await import('#server/services/sessions.ts');
    const tokens = await startSession(t.app.db, t.app.signingKey, dora.id, { amr: ['pwd'], authTime: Math.floor(Date.now() / 1000) - 600 }, { userAgent: null, ipAddress: '127.0.0.1' });
    const stale = { ...dora, cookies: `jwt-access-token=${tokens.access}` };
    const response = await deleteAccount(stale, confirmed(dora));
    expectStatus(response, 403);
    expect(response.headers['www-authenticate']).toMatch(/^DoseHub-Reauth/);
  });
});

it('two deletion requests at once delete once: one 200, the other told the account is deleted, one mail', async () => {
  const eva = await verifiedUser(t, { name: 'Eva Dupla' });
  const answers = await Promise.all([deleteAccount(eva, confirmed(eva)), deleteAccount(eva, confirmed(eva))]);
  expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 401]);
  expect(answers.find((response) => response.statusCode === 401)!.headers['dosehub-account']).toBe('deleted');
  await t.smtp.waitForMessage((mail) => mailTo(eva.email)(mail) && /excluída/.test(mail.subject));
  expect(t.smtp.messages.filter((mail) => mail.to.includes(eva.email.toLowerCase()) && /excluída/.test(mail.subject))).toHaveLength(1);
});
