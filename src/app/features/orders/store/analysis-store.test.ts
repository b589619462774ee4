import { db } from '#app/lib/db.ts';
import { TEST_USER, resetLocalDatabase } from '#app/lib/testing/local-first.ts';
import { blobKeepingClone } from '#app/lib/uploads/testing/keep-blobs.ts';
import { DOSIMETRY_VALUES as VALUES, analysisId, orderId, seriesFile, serverAnalysis, serverOrder } from '../testing/fixtures.ts';
import {
  ANALYSIS_CREATE,
  ANALYSIS_DELETE,
  ANALYSIS_UPDATE,
  createAnalysis,
  deleteAnalysis,
  isEditable,
  pendingSlots,
  remainingOf,
  updateAnalysis,
} from './analysis-store.ts';
import { allRows } from '#app/lib/sync/outbox.ts';

const OID = orderId(1);
const ORDER = { id: OID, serviceId: 'dosi-clin' as const };
const outbox = () => allRows();

/** An analysis the server has (pulled), version 3. */
async function synced(changes: Parameters<typeof serverAnalysis>[2] = {}) {
  const id = analysisId(1);
  await db.analyses.put(serverAnalysis(id, OID, { version: 3, ...changes }));
  return id;
}

beforeEach(async () => {
  vi.stubGlobal('structuredClone', blobKeepingClone);
  await resetLocalDatabase(TEST_USER);
});
afterEach(() => vi.unstubAllGlobals());

describe('create (offline-capable: one Dexie transaction)', () => {
  it('writes the analysis (Data sent), its outbox row and the images together, and takes a slot of the order', async () => {
    const id = await createAnalysis(TEST_USER, ORDER, VALUES, seriesFile(), 'spect.zip');
    expect(await db.analyses.get(id)).toMatchObject({ id, userId: TEST_USER, orderId: OID, serviceId: 'dosi-clin', statusCode: 'DS', ...VALUES });
    const [row] = await outbox();
    expect(row).toMatchObject({ kind: ANALYSIS_CREATE, entityId: id, state: 'pending', payload: { userId: TEST_USER, orderId: OID, fields: VALUES } });
    expect(await db.blobs.get(row!.fileIds[0]!)).toMatchObject({ name: 'spect.zip', size: 11 });
    expect((await pendingSlots()).get(OID)).toBe(1);
    expect(remainingOf(serverOrder(OID, { remainingOfAnalyzes: 3 }), await pendingSlots())).toBe(2);
  });
});

describe('update', () => {
  it('of an analysis with invalid information: back to Data sent without the staff message, one update queued with what it was', async () => {
    const id = await synced({ statusCode: 'II', status: 'Informações inválidas', messageToUser: 'Atividade errada.' });
    const outcome = await updateAnalysis(TEST_USER, id, { ...VALUES, injectedActivity: 7000 }, seriesFile('new'), 'new.zip');
    expect(outcome.how).toBe('queued');
    expect(await db.analyses.get(id)).toMatchObject({ statusCode: 'DS', messageToUser: '', injectedActivity: 7000, version: 3 });
    const [row] = await outbox();
    expect(row).toMatchObject({ kind: ANALYSIS_UPDATE, entityId: id, payload: { fields: { injectedActivity: 7000 }, previous: { statusCode: 'II', injectedActivity: 7400 } } });
    expect((await db.blobs.get(row!.fileIds[0]!))?.name).toBe('new.zip');
  });

  it('without new images sends none (the server keeps the current ones); fields of another service do not stay behind', async () => {
    const id = await synced({ isotope: 'Lu-177' });
    await updateAnalysis(TEST_USER, id, VALUES);
    expect((await outbox())[0]!.fileIds).toEqual([]);
    expect(await db.blobs.count()).toBe(0);
    expect((await db.analyses.get(id))!.isotope).toBeUndefined();
  });
});

describe('delete', () => {
  it('of a synced analysis: gone here at once, one delete queued with If-Match, even when asked twice; the slot comes back', async () => {
    const id = await synced();
    expect(await deleteAnalysis(TEST_USER, id)).toBe(true);
    expect(await deleteAnalysis(TEST_USER, id)).toBe(false);
    expect(await db.analyses.get(id)).toBeUndefined();
    expect(await outbox()).toMatchObject([{ kind: ANALYSIS_DELETE, entityId: id, payload: { orderId: OID, baseVersion: 3, previous: { analysisName: 'Paciente 01', version: 3 } } }]);
    expect((await pendingSlots()).get(OID)).toBe(-1);
  });
});

describe('rules', () => {
  it.each([
    ['DS', true],
    ['II', true],
    ['AI', false],
    ['PR', false],
    ['CO', false],
  ] as const)('an analysis in %s is editable: %s', (statusCode, editable) => expect(isEditable({ statusCode })).toBe(editable));

  it('the remaining count never goes below 0', () => {
    expect(remainingOf({ id: OID, remainingOfAnalyzes: 1 }, new Map([[OID, 3]]))).toBe(0);
    expect(remainingOf({ id: OID, remainingOfAnalyzes: 1 }, undefined)).toBe(1);
  });
});
