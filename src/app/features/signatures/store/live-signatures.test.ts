import { createTestQueryClient, setupI18n } from '#tests/utils/render.tsx';
import { db } from '#app/lib/db.ts';
import { dispatchLiveEvent } from '#app/lib/live/live-handlers.ts';
import { saveAuthState } from '#app/lib/session.ts';
import { TEST_USER, fakeApi, resetLocalDatabase } from '#app/lib/testing/local-first.ts';
import { SIGNATURES_PATH, expiredSignature, serverSignature, signatureId } from '../testing/fixtures.ts';
import { registerSignatureLiveEvents } from './live-signatures.ts';

let stop: () => void;
beforeEach(async () => {
  await setupI18n('pt-BR');
  saveAuthState({ id: TEST_USER, isStaff: false });
  await resetLocalDatabase(TEST_USER);
  stop = registerSignatureLiveEvents(createTestQueryClient());
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

const event = (data: unknown) => ({ event: 'signature', data: JSON.stringify(data), id: null });

describe('`signature` events of the live stream', () => {
  it('the trial ended and its bill was issued: the subscriptions are pulled into this device at once', async () => {
    const id = signatureId(1);
    await db.signatures.put(serverSignature(id));
    const api = fakeApi({ [`GET ${SIGNATURES_PATH}`]: { body: { count: 1, row: [expiredSignature(id)] } } });
    vi.stubGlobal('fetch', api.fetch);
    await dispatchLiveEvent(TEST_USER, event({ id }));
    expect(await db.signatures.get(id)).toMatchObject({ activated: false, bill: { amount: 330, usdAmount: 60, usdBrlRate: 5.5 } });
    expect(api.callsTo('GET', SIGNATURES_PATH)).toHaveLength(1);
  });

  it('unregistered: the event is left alone', async () => {
    stop();
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    await dispatchLiveEvent(TEST_USER, event({ id: signatureId(2) }));
    expect(api.calls).toHaveLength(0);
  });
});
