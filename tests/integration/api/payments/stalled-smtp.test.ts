// The payment webhook answers once its effects are committed (issue 28): the order, the bill, the notification and
// the notice mail's row. The mail is sent after, in the background: an SMTP server that holds the connection does
// not hold the gateway's answer, and once it lets go the mail arrives, exactly once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMailingTestApp, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { verifiedUser } from '#tests/utils/calibrations.ts';
import { createOrder, getOrder, staffUser } from '#tests/utils/orders.ts';
import { issuedOrder, paymentEvent, sendWebhook, uniqueCpf } from '#tests/utils/payments.ts';

/** Far more than a webhook takes on a loaded machine, far less than a held SMTP connection. */
const ANSWER_WITHIN_MS = 10_000;

let t: MailingTestApp;
let staff: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  staff = await staffUser(t);
});
afterAll(() => t?.close());

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms: it waits on the SMTP server`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

it('answers while the SMTP server is stalled; the mail arrives once the server lets go, exactly once', { timeout: 60_000 }, async () => {
  const user = await verifiedUser(t, { name: 'Rita Espera' });
  const order = await issuedOrder(t.app, staff, (await createOrder(t.app, staff, user, { paid: false, price: 120 })).id, { cpf: uniqueCpf() });
  await t.smtp.waitForMessage((mail) => mail.to.includes(user.email) && mail.subject.includes(order.code) && /boleto/i.test(mail.subject));
  const paidMails = () => t.smtp.messagesTo(user.email).filter((mail) => mail.subject.includes(order.code) && /pagamento/i.test(mail.subject));

  const resume = t.smtp.stall();
  try {
    const answer = await within(ANSWER_WITHIN_MS, sendWebhook(t.app, paymentEvent(order.bill!.line!, '120.00')));
    expect(answer.json()).toEqual({ result: 'confirmed' });
    expect(await getOrder(t.app, user, order.id)).toMatchObject({ statusCode: 'CON' });
    expect(paidMails()).toEqual([]);
  } finally {
    resume();
  }
  await t.smtp.waitForMessage((mail) => paidMails().includes(mail), ANSWER_WITHIN_MS);
  await t.app.mailQueue.idle();
  // Later runs of the retry job find nothing left to send.
  await t.app.mailQueue.deliverDue(new Date(Date.now() + 24 * 3600_000));
  expect(paidMails()).toHaveLength(1);
});
