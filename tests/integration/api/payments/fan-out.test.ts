// A webhook's confirmation reaches the user the way the staff's does: the order's change and the notification on
// the open events stream, one Web Push, one e-mail in the user's language; a retried delivery none of them again.
// An amount that does not match is logged with what was sent.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { receivePayment } from '#server/services/payment-confirmations.ts';
import { registerUser, verifyEmail, type SignedInUser } from '#tests/utils/accounts.ts';
import { createLiveTestApp, openUserEvents, registerPush, type LiveTestApp } from '#tests/utils/live.ts';
import { createOrder, staffUser } from '#tests/utils/orders.ts';
import { issuedOrder, paymentEvent, sendWebhook, uniqueCpf } from '#tests/utils/payments.ts';
import { startPushService, type PushService } from '#tests/utils/push-service.ts';
import { json, type SseStream } from '#tests/utils/sse.ts';

let t: LiveTestApp;
let pushService: PushService;
let staff: SignedInUser;
const streams: SseStream[] = [];
beforeAll(async () => {
  t = await createLiveTestApp();
  pushService = await startPushService();
  staff = await staffUser(t);
});
afterEach(() => t.app.push.pusher.idle());
afterAll(async () => {
  streams.forEach((stream) => stream.close());
  await t?.close();
  await pushService?.close();
});

it('stream, Web Push and e-mail once each, in the user\'s language (es); the replay adds nothing', async () => {
  const user = await registerUser(t.app, { name: 'Lucía Pago' }, { headers: { 'accept-language': 'es' } });
  await verifyEmail(t.app, t.smtp, user);
  const order = await issuedOrder(t.app, staff, (await createOrder(t.app, staff, user, { paid: false, price: 210 })).id, { cpf: uniqueCpf() });
  await registerPush(t.app, user, pushService.subscribe('tablet'));
  const stream = await openUserEvents(t.baseUrl, user, 'es');
  streams.push(stream);
  await stream.next('unread');

  const body = paymentEvent(order.bill!.line!, '210.00');
  expect((await sendWebhook(t.app, body)).json()).toEqual({ result: 'confirmed' });
  expect(json(await stream.next('order'))).toMatchObject({ id: order.id });
  const notice = json<{ notification: { message: string } }>(await stream.next('notification'));
  expect(notice.notification.message).toBe(`Pago del pedido ${order.code} confirmado.`);
  await pushService.waitFor(1);
  expect((await sendWebhook(t.app, body)).json()).toEqual({ result: 'replayed' });
  await t.app.push.pusher.idle();

  expect(pushService.received.filter((push) => push.subscriber.startsWith('tablet'))).toHaveLength(1);
  expect(pushService.received[0]!.payload).toMatchObject({ body: `Pago del pedido ${order.code} confirmado.`, lang: 'es' });
  await t.app.mailQueue.idle();
  expect(t.smtp.messagesTo(user.email).filter((mail) => mail.subject.includes(order.code) && /pago/i.test(mail.subject))).toHaveLength(1);
  expect(stream.messages.filter((message) => message.event === 'notification')).toHaveLength(1);
});

it('an amount other than the bill\'s is logged with the event, the bill and the amount sent', async () => {
  const user = await registerUser(t.app, { name: 'Mario Valor' });
  const order = await issuedOrder(t.app, staff, (await createOrder(t.app, staff, user, { paid: false, price: 50 })).id, { cpf: uniqueCpf() });
  const warnings: unknown[] = [];
  const log = { ...t.app.log, warn: (entry: unknown) => void warnings.push(entry) } as unknown as typeof t.app.log;
  const ctx = { db: t.app.db, mailer: t.app.mailer, translator: t.app.translator, baseUrl: t.baseUrl, log, companyMail: t.app.companyMail };
  const event = { id: 'evt_short', type: 'payment.confirmed' as const, billId: order.bill!.line!, amountCents: 4_990, paidAt: new Date() };
  await expect(receivePayment(ctx, 'sandbox', event)).rejects.toMatchObject({ statusCode: 409 });
  expect(warnings).toEqual([{ provider: 'sandbox', eventId: 'evt_short', billId: order.bill!.line!, amountCents: 4_990 }]);
});
