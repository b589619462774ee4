import { QueryClient } from '@tanstack/react-query';
import { setupI18n } from '#tests/utils/render.tsx';
import { db } from '#app/lib/db.ts';
import { saveAuthState } from '#app/lib/session.ts';
import { createDrainer } from '#app/lib/sync/drainer.ts';
import { allRows, changeRows } from '#app/lib/sync/outbox.ts';
import { installWriteKinds } from '#app/lib/sync/write-kinds.ts';
import { TEST_USER, networkError, resetLocalDatabase, serveFakeApi } from '#app/lib/testing/local-first.ts';
import { ORDERS_PATH, orderId, serverOrder } from '../testing/fixtures.ts';
import { canChoosePayment, choosePaymentMethod, orderKinds } from './order-payment.ts';

const OID = orderId(1);
const ORDER_PATH = `${ORDERS_PATH}${OID}/`;
const unbilled = () => serverOrder(OID, { statusCode: 'APG', statusPayment: 'Aguardando pagamento', version: 4 });

let undo: () => void;
const serve = serveFakeApi;
const drain = () => createDrainer({ locks: null }).drain();
const dueNow = () => changeRows({ nextAttemptAt: 0 });

beforeEach(async () => {
  await setupI18n('pt-BR');
  saveAuthState({ id: TEST_USER, isStaff: false });
  await resetLocalDatabase(TEST_USER);
  await db.orders.put(unbilled());
  undo = installWriteKinds(orderKinds(new QueryClient()));
});
afterEach(() => {
  undo();
  vi.unstubAllGlobals();
});

describe('order.update (the client chooses how to pay)', () => {
  it('offline: the order changes here at once; a second choice folds into the unsent one; sent once when back (PATCH, If-Match, Idempotency-Key)', async () => {
    await choosePaymentMethod(TEST_USER, OID, 'boleto');
    expect(await db.orders.get(OID)).toMatchObject({ paymentMethod: 'boleto', chosenPaymentMethod: 'boleto' });
    await choosePaymentMethod(TEST_USER, OID, 'pix');
    expect(await db.orders.get(OID)).toMatchObject({ paymentMethod: 'pix', chosenPaymentMethod: 'pix' });
    const offline = serve({ [`PATCH ${ORDER_PATH}`]: networkError() });
    await drain();
    expect(offline.calls).toHaveLength(1);
    expect(await allRows()).toMatchObject([{ kind: 'order.update', state: 'pending', attempts: 0, waitReason: 'network' }]);

    const answer = { ...unbilled(), paymentMethod: 'pix', chosenPaymentMethod: 'pix', version: 5 };
    const online = serve({ [`PATCH ${ORDER_PATH}`]: { status: 200, body: answer, headers: { ETag: 'W/"5"' } } });
    await dueNow();
    await drain();
    const [row] = await allRows();
    expect(online.calls).toHaveLength(1);
    expect(online.calls[0]).toMatchObject({ method: 'PATCH', body: { paymentMethod: 'pix' } });
    expect(online.calls[0]!.headers.get('If-Match')).toBe('W/"4"');
    expect(online.calls[0]!.headers.get('Idempotency-Key')).toBe(row!.id);
    expect(row).toMatchObject({ state: 'done', lastStatus: 200 });
    expect(await db.orders.get(OID)).toMatchObject({ paymentMethod: 'pix', version: 5 });
  });

  it('billed meanwhile: the 409 keeps the choice here with the server\'s message until the user settles it (sync indicator)', async () => {
    await choosePaymentMethod(TEST_USER, OID, 'pix');
    const message = 'A forma de pagamento não pode mais ser mudada: o pedido já tem cobrança ou foi pago.';
    serve({ [`PATCH ${ORDER_PATH}`]: { status: 409, body: { errors: [message] } } });
    await drain();
    expect(await allRows()).toMatchObject([{ state: 'conflict', lastStatus: 409, lastError: message }]);
    expect(await db.orders.get(OID)).toMatchObject({ paymentMethod: 'pix' });
  });

  it('may choose only while unpaid and not billed', () => {
    expect(canChoosePayment(unbilled())).toBe(true);
    expect(canChoosePayment({ ...unbilled(), billUrl: 'https://bank.example/b/1' })).toBe(false);
    expect(canChoosePayment({ ...unbilled(), statusCode: 'CON' })).toBe(false);
  });
});
