// A staff move of an order and what it tells the user are one change (issue 28): the order, its event, the
// notification and the notice mail commit together. When the notification cannot be written, the move is not
// made either, and nothing is mailed.
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders, outgoingMails } from '#server/db/schema.ts';
import { createMailingTestApp, expectStatus, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { verifiedUser } from '#tests/utils/calibrations.ts';
import { createOrder, getOrder, STAFF_ORDERS_URL, staffConfirm, staffCreateOrder, staffUser } from '#tests/utils/orders.ts';

let t: MailingTestApp;
let staff: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  staff = await staffUser(t);
});
afterEach(() => t.app.db.execute(sql`DROP TRIGGER IF EXISTS refuse_notice ON notifications`));
afterAll(() => t?.close());

/** From now on the database refuses any notification to this user (a failure inside the move's transaction). */
async function refuseNoticesTo(userId: string) {
  await t.app.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION refuse_notice() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.user_id = '${userId}' THEN RAISE EXCEPTION 'notice refused'; END IF; RETURN NEW; END $$`),
  );
  await t.app.db.execute(sql`CREATE TRIGGER refuse_notice BEFORE INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION refuse_notice()`);
}

const noticeMailsTo = async (email: string) => (await t.app.db.select().from(outgoingMails)).filter((mail) => mail.recipient === email && mail.kind === 'notice');

describe('a notice that cannot be written undoes the staff move', () => {
  it('confirming the payment: 500, the order still awaits payment, nothing mailed', async () => {
    const user = await verifiedUser(t, { name: 'Olga Atômica' });
    const order = await createOrder(t.app, staff, user, { paid: false });
    const mailsBefore = (await noticeMailsTo(user.email)).length;
    await refuseNoticesTo(user.id);

    expectStatus(await staffConfirm(t.app, staff, order.id), 500);
    expect(await getOrder(t.app, user, order.id)).toMatchObject({ statusCode: 'APG', version: order.version });
    expect(await noticeMailsTo(user.email)).toHaveLength(mailsBefore);
  });

  it('creating an order: 500, and the user has no order', async () => {
    const user = await verifiedUser(t, { name: 'Otto Atômico' });
    await refuseNoticesTo(user.id);

    expectStatus(await staffCreateOrder(t.app, staff, user.id), 500);
    expect(await t.app.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    expect(await noticeMailsTo(user.email)).toEqual([]);
  });

  it('billing by URL: 500, and the order has no bill', async () => {
    const user = await verifiedUser(t, { name: 'Omar Atômico' });
    const order = await createOrder(t.app, staff, user, { paid: false });
    await refuseNoticesTo(user.id);

    const billed = await t.app.inject({ method: 'POST', url: `${STAFF_ORDERS_URL}${order.id}/bill/`, headers: { cookie: staff.cookies }, payload: { billUrl: 'https://bank.example/boleto.pdf' } });
    expectStatus(billed, 500);
    expect(await getOrder(t.app, user, order.id)).toMatchObject({ billUrl: null, version: order.version });
  });
});
