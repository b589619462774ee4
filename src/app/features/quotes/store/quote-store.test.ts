import { setupI18n } from '#tests/utils/render.tsx';
import { db } from '#app/lib/db.ts';
import { saveAuthState } from '#app/lib/session.ts';
import { createDrainer } from '#app/lib/sync/drainer.ts';
import { TEST_USER, networkError, resetLocalDatabase, serveFakeApi } from '#app/lib/testing/local-first.ts';
import { correctQuote, quoteKinds, requestQuote } from './quote-store.ts';
import { allRows, changeRows } from '#app/lib/sync/outbox.ts';
import { installWriteKinds } from '#app/lib/sync/write-kinds.ts';

const BUDGET = `/users/${TEST_USER}/budget/`;
const FIELDS = { treatmentType: 'Lu-177 PSMA', numberOfPatients: 12, comments: 'Começamos em maio.' };

let undo: () => void;
const serve = serveFakeApi;
const drain = () => createDrainer({ locks: null }).drain();
const outbox = () => allRows();
const dueNow = () => changeRows({ nextAttemptAt: 0 });

beforeEach(async () => {
  await setupI18n('pt-BR');
  saveAuthState({ id: TEST_USER, isStaff: false });
  await resetLocalDatabase(TEST_USER);
  undo = installWriteKinds(quoteKinds());
});
afterEach(() => {
  undo();
  vi.unstubAllGlobals();
});

describe('quote.create', () => {
  it('keeps the request here and queues one create carrying v1\'s service name, the fields and how the user would pay', async () => {
    const id = await requestQuote(TEST_USER, 'dosi-clin', FIELDS, 'pix');
    expect(await db.quotes.get(id)).toMatchObject({ id, userId: TEST_USER, serviceId: 'dosi-clin', fields: FIELDS, paymentMethod: 'pix' });
    expect(await outbox()).toMatchObject([{ kind: 'quote.create', entityId: id, state: 'pending', payload: { fields: { service: 'Dosimetria Clínica', ...FIELDS, paymentMethod: 'pix' } } }]);
  });

  it('queued offline, it waits without counting an attempt, then goes once when the network returns (client id, Idempotency-Key)', async () => {
    const id = await requestQuote(TEST_USER, 'model-comp', { researchLine: 'Monte Carlo', projectDescription: 'Fantoma' }, 'boleto');
    const offline = serve({ [`POST ${BUDGET}`]: networkError() });
    await drain();
    expect(offline.calls).toHaveLength(1);
    expect(await outbox()).toMatchObject([{ state: 'pending', attempts: 0, waitReason: 'network' }]);

    const online = serve({ [`POST ${BUDGET}`]: { status: 204 } });
    await dueNow();
    await drain();
    await drain();
    const [row] = await outbox();
    expect(online.calls).toHaveLength(1);
    expect(online.calls[0]!.body).toEqual({ id, service: 'Modelagem Computacional', researchLine: 'Monte Carlo', projectDescription: 'Fantoma', paymentMethod: 'boleto' });
    expect(online.calls[0]!.headers.get('Idempotency-Key')).toBe(row!.id);
    expect(row).toMatchObject({ state: 'done', lastStatus: 204 });
    expect(await db.quotes.get(id)).toMatchObject({ fields: { researchLine: 'Monte Carlo' } });
  });

  it("a refusal keeps the user's data with the server's message; the correction goes as the same request with a new key", async () => {
    const id = await requestQuote(TEST_USER, 'dosi-clin', FIELDS, 'boleto');
    serve({ [`POST ${BUDGET}`]: { status: 400, body: { errors: ['treatment_type: Certifique-se de que este campo não tenha mais de 60 caracteres.'] } } });
    await drain();
    const [refused] = await outbox();
    expect(refused).toMatchObject({ state: 'failed', lastStatus: 400, lastError: 'Certifique-se de que este campo não tenha mais de 60 caracteres.', lastErrorField: 'treatmentType' });

    const api = serve({ [`POST ${BUDGET}`]: { status: 204 } });
    await correctQuote(TEST_USER, id, 'dosi-clin', { ...FIELDS, treatmentType: 'Lu-177' }, 'pix');
    await drain();
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'done', kind: 'quote.create' });
    expect(rows[0]!.id).not.toBe(refused!.id);
    expect(api.calls.map((call) => call.body)).toEqual([{ id, service: 'Dosimetria Clínica', ...FIELDS, treatmentType: 'Lu-177', paymentMethod: 'pix' }]);
    expect(await db.quotes.get(id)).toMatchObject({ paymentMethod: 'pix' });
  });
});
