import { db } from '#app/lib/db.ts';
import { LocalRecordMissingError } from '#app/lib/sync/queued-entity.ts';
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

const OID = orderId(1);
const ORDER = { id: OID, serviceId: 'dosi-clin' as const };
const outbox = () => db.outbox.orderBy('seq').toArray();

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

  it('writes nothing when the transaction fails (no analysis, no row, no file)', async () => {
    const refuse = () => {
      throw new Error('disk says no');
    };
    db.outbox.hook('creating', refuse);
    try {
      await expect(createAnalysis(TEST_USER, ORDER, VALUES, seriesFile())).rejects.toThrow('disk says no');
    } finally {
      db.outbox.hook('creating').unsubscribe(refuse);
    }
    expect(await db.analyses.count()).toBe(0);
    expect(await db.blobs.count()).toBe(0);
    expect(await outbox()).toEqual([]);
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

  it('of an analysis whose create is still queued: the create takes the new values; new images replace the queued ones', async () => {
    const id = await createAnalysis(TEST_USER, ORDER, VALUES, seriesFile(), 'spect.zip');
    const [create] = await outbox();
    expect(await updateAnalysis(TEST_USER, id, { ...VALUES, analysisName: 'Paciente 02' })).toEqual({ how: 'merged', rowId: create!.id });
    await updateAnalysis(TEST_USER, id, { ...VALUES, analysisName: 'Paciente 02' }, seriesFile('other'), 'other.zip');
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: ANALYSIS_CREATE, payload: { fields: { analysisName: 'Paciente 02' } } });
    expect((await db.blobs.toArray()).map((file) => file.name)).toEqual(['other.zip']);
  });

  it('after the create was tried once (it may have reached the server): a separate update follows it', async () => {
    const id = await createAnalysis(TEST_USER, ORDER, VALUES, seriesFile());
    await db.outbox.toCollection().modify({ attempts: 1, lastError: 'Sem conexão com o servidor.' });
    expect((await updateAnalysis(TEST_USER, id, { ...VALUES, injectedActivity: 7100 })).how).toBe('queued');
    expect((await outbox()).map((row) => row.kind)).toEqual([ANALYSIS_CREATE, ANALYSIS_UPDATE]);
  });

  it('of a refused write (edit and retry): it takes the correction and goes again with a new Idempotency-Key', async () => {
    const id = await createAnalysis(TEST_USER, ORDER, VALUES, seriesFile());
    const [create] = await outbox();
    await db.outbox.update(create!.seq!, { state: 'failed', attempts: 1, lastStatus: 400, lastError: 'analysis_name: Já existe uma análise com este identificador.' });
    expect((await updateAnalysis(TEST_USER, id, { ...VALUES, analysisName: 'Paciente 01 B' })).how).toBe('retried');
    const [again] = await outbox();
    expect(again).toMatchObject({ seq: create!.seq, state: 'pending', attempts: 0, lastError: null, payload: { fields: { analysisName: 'Paciente 01 B' } } });
    expect(again!.id).not.toBe(create!.id);
  });

  it('of an analysis no longer here: refused', async () => {
    await expect(updateAnalysis(TEST_USER, 'gone', VALUES)).rejects.toBeInstanceOf(LocalRecordMissingError);
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

  it('of an analysis the server never got: its queued create and images just go, nothing is sent', async () => {
    const id = await createAnalysis(TEST_USER, ORDER, VALUES, seriesFile());
    expect(await deleteAnalysis(TEST_USER, id)).toBe(true);
    expect(await outbox()).toEqual([]);
    expect(await db.blobs.count()).toBe(0);
    expect(await db.analyses.count()).toBe(0);
  });

  it('drops queued updates and their images, and sends no If-Match when one may have reached the server', async () => {
    const id = await synced();
    await updateAnalysis(TEST_USER, id, { ...VALUES, injectedActivity: 6000 }, seriesFile());
    await db.outbox.toCollection().modify({ attempts: 1 });
    await deleteAnalysis(TEST_USER, id);
    const rows = await outbox();
    expect(rows.map((row) => row.kind)).toEqual([ANALYSIS_DELETE]);
    expect(rows[0]!.payload).toMatchObject({ baseVersion: null, previous: { injectedActivity: 7400 } });
    expect(await db.blobs.count()).toBe(0);
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
