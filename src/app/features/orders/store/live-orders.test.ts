import { createTestQueryClient, setupI18n } from '#tests/utils/render.tsx';
import { db } from '#app/lib/db.ts';
import { dispatchLiveEvent } from '#app/lib/live/live-handlers.ts';
import { saveAuthState } from '#app/lib/session.ts';
import { TEST_USER, fakeApi, resetLocalDatabase } from '#app/lib/testing/local-first.ts';
import { ORDERS_PATH, analysesPath, analysisId, orderId, serverAnalysis, serverOrder } from '../testing/fixtures.ts';
import { registerOrderLiveEvents } from './live-orders.ts';

let stop: () => void;
beforeEach(async () => {
  await setupI18n('pt-BR');
  saveAuthState({ id: TEST_USER, isStaff: false });
  await resetLocalDatabase(TEST_USER);
  stop = registerOrderLiveEvents(createTestQueryClient());
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

const event = (name: string, data: unknown) => ({ event: name, data: JSON.stringify(data), id: null });

describe('order and analysis events of the live stream', () => {
  it('`order` (the staff confirmed a payment): the orders are pulled into this device at once', async () => {
    const paid = serverOrder(orderId(1), { statusPayment: 'CON' });
    const api = fakeApi({ [`GET ${ORDERS_PATH}`]: { body: { count: 1, row: [paid] } } });
    vi.stubGlobal('fetch', api.fetch);
    await dispatchLiveEvent(TEST_USER, event('order', { id: paid.id }));
    expect(await db.orders.get(paid.id)).toMatchObject({ statusPayment: 'CON' });
  });

  it("`analysis` (the staff moved it on): that order's analyses and the orders are pulled", async () => {
    const order = serverOrder(orderId(2));
    const moved = serverAnalysis(analysisId(1), order.id, { statusCode: 'AI' });
    const api = fakeApi({
      [`GET ${ORDERS_PATH}`]: { body: { count: 1, row: [order] } },
      [`GET ${analysesPath(order.id)}`]: { body: { count: 1, row: [moved] } },
    });
    vi.stubGlobal('fetch', api.fetch);
    await dispatchLiveEvent(TEST_USER, event('analysis', { id: moved.id, orderId: order.id }));
    expect(await db.analyses.get(moved.id)).toMatchObject({ statusCode: 'AI' });
    expect(api.callsTo('GET', ORDERS_PATH)).toHaveLength(1);
  });

  it('an event of another kind is left alone', async () => {
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    await dispatchLiveEvent(TEST_USER, event('something-new', { id: 'x' }));
    expect(api.calls).toHaveLength(0);
  });
});
