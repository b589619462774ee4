import { setupQueuedEntityTests } from '#tests/utils/queued-entity-tests.ts';
import type { Table } from 'dexie';
import { z } from 'zod';
import { db, localWrite } from '../db.ts';
import { TEST_USER, networkError, type FakeCall, serveFakeApi } from '../testing/local-first.ts';
import { readUploadRecord } from '../uploads/upload-store.ts';
import { allRows, changeRow, changeRows, enqueue, queueScope, refuseRows } from './outbox.ts';
import { queuedEntityKinds, type ItemCapability } from './queued-entity-kinds.ts';
import { CreateOnlyError, LocalRecordMissingError, defineQueuedEntity } from './queued-entity.ts';
import { discardLocalChange, keepMine } from './resolve.ts';
import { versionOfEtag } from './write-kinds.ts';

/**
 * The queued-entity kit's own behaviour table (docs/architecture.md §4), on a fake entity: a "thing" with a
 * file, created, edited and deleted offline. The entities' tests (calibrations, analyses, quotes, checkouts)
 * keep only what is their own.
 */

interface ThingRecord {
  id: string;
  userId: string;
  name: string;
  size: number;
  /** Set by the server only. */
  stamp?: string;
  version?: number;
}
type ThingFields = Pick<ThingRecord, 'name' | 'size'> & { otherId?: string };

const Thing = z.object({ id: z.string(), name: z.string(), size: z.number(), stamp: z.string(), version: z.number() });
const LIST = `/users/${TEST_USER}/things/`;
const ITEM = (id: string) => `${LIST}${id}/`;
const FIELDS: ThingFields = { name: 'Lu-177 março', size: 200 };
const SYNCED_ID = '0193a2b4-0000-7000-8000-0000000000c1';

// Any table keyed by a bare `id` holds a thing: the kit does not look at what a record is.
const table = () => db.quotes as unknown as Table<ThingRecord, string, unknown>;
const thingEntity = defineQueuedEntity<ThingRecord, ThingFields, object>({ name: 'thing', table, scopeOf: () => ({}) });
const onlyCreated = defineQueuedEntity<ThingRecord, ThingFields, object>({ name: 'once', table, scopeOf: () => ({}), createOnly: true });
const item: ItemCapability<object> = { path: (_scope, id) => ITEM(id), fetchOne: async (_scope, id) => (await fetch(`/api/v1${ITEM(id)}`)).json() as Promise<{ version: number }> };
const thingKinds = queuedEntityKinds(thingEntity, {
  create: {
    path: () => LIST,
    answer: { wire: Thing, toRecord: (thing) => ({ ...thing, userId: TEST_USER }), serverFields: ['stamp', 'version'] },
    dependsOn: { kind: 'other.create', id: (fields) => fields.otherId },
  },
  update: item,
  remove: item,
  describe: (action, { fields, previous }) => `${action} ${fields?.name ?? previous?.name}`,
});

const server = (id: string, changes: Partial<z.infer<typeof Thing>> = {}) => ({ id, ...FIELDS, stamp: 'server', version: 1, ...changes });
const phantom = (text = 'phantom-bytes', name = 'phantom.zip') => ({ blob: new File([text], name, { type: 'application/zip' }), name });
const create = (id = '0193a2b4-0000-7000-8000-0000000000a1', file = phantom()) => thingEntity.create(TEST_USER, { id, userId: TEST_USER, ...FIELDS }, FIELDS, file).then(() => id);
const update = (id: string, fields: Partial<ThingFields>, file: ReturnType<typeof phantom> | null = null) =>
  thingEntity.update(TEST_USER, id, { ...FIELDS, ...fields }, (record) => ({ ...record, ...fields }), file);
const remove = (id: string) => thingEntity.remove(TEST_USER, id);
async function synced(version = 3) {
  await table().put({ id: SYNCED_ID, userId: TEST_USER, ...FIELDS, stamp: 'server', version });
  return SYNCED_ID;
}

const { tus, onlyUploadId, uploaded, drain } = setupQueuedEntityTests(() => ({
  ...thingKinds,
  ...queuedEntityKinds(onlyCreated, { create: { path: () => LIST }, describe: () => 'once' }),
}));
const outbox = () => allRows();
const dueNow = () => changeRows({ nextAttemptAt: 0 });
const tusPosts = () => tus().calls.filter((call) => call.method === 'POST');
const expired = (field = 'images_upload_id') => ({ status: 400, body: { errors: [`${field}: O envio expirou. Envie o arquivo de novo.`] } });
const serve = serveFakeApi;

describe('local writes: one Dexie transaction each', () => {
  it('create writes the record, its outbox row and the file together; a failed transaction writes none of them', async () => {
    const id = await create();
    const [row] = await outbox();
    expect(await table().get(id)).toMatchObject({ id, ...FIELDS });
    expect(row).toMatchObject({ kind: 'thing.create', entityId: id, state: 'pending', attempts: 0, payload: { userId: TEST_USER, fields: FIELDS } });
    expect(await db.blobs.get(row!.fileIds[0]!)).toMatchObject({ name: 'phantom.zip', size: 13 });

    const undoRefusal = refuseRows(() => {
      throw new Error('disk says no');
    });
    await expect(create('0193a2b4-0000-7000-8000-0000000000a2')).rejects.toThrow('disk says no').finally(undoRefusal);
    expect(await table().count()).toBe(1);
    expect(await db.blobs.count()).toBe(1);
    expect(await outbox()).toHaveLength(1);
  });

  it('update of a synced record queues one update with what it was; without a new file, none', async () => {
    const id = await synced();
    expect((await update(id, { size: 250 })).how).toBe('queued');
    const [row] = await outbox();
    expect(row).toMatchObject({ kind: 'thing.update', payload: { fields: { size: 250 }, previous: { size: 200, version: 3 } }, fileIds: [] });
    expect(await table().get(id)).toMatchObject({ size: 250, version: 3 });
  });

  it('update of a create not sent yet folds into it (a new file replaces the queued one); once tried, a separate update follows', async () => {
    const id = await create();
    const [queued] = await outbox();
    expect(await update(id, { name: 'abril' })).toEqual({ how: 'merged', rowId: queued!.id });
    await update(id, {}, phantom('other', 'other.zip'));
    expect(await outbox()).toMatchObject([{ kind: 'thing.create', payload: { fields: { name: 'Lu-177 março' } } }]);
    expect((await db.blobs.toArray()).map((file) => file.name)).toEqual(['other.zip']);

    await changeRows({ attempts: 1 });
    expect((await update(id, { size: 210 })).how).toBe('queued');
    expect((await outbox()).map((row) => row.kind)).toEqual(['thing.create', 'thing.update']);
  });

  it('update of a refused write (edit and retry) goes again with the correction and a new Idempotency-Key; of a missing record, refused', async () => {
    const id = await create();
    const [refused] = await outbox();
    await changeRow(refused!.seq!, { state: 'failed', attempts: 1, lastStatus: 400, lastError: 'Nome em uso.', lastErrorField: 'name' });
    expect((await update(id, { name: 'março B' })).how).toBe('retried');
    const [again] = await outbox();
    expect(again).toMatchObject({ seq: refused!.seq, state: 'pending', attempts: 0, lastError: null, lastErrorField: null, payload: { fields: { name: 'março B' } } });
    expect(again!.id).not.toBe(refused!.id);
    await expect(update('gone', {})).rejects.toBeInstanceOf(LocalRecordMissingError);
  });

  it('delete of a synced record: gone here, one delete with If-Match, once; of one the server never got: its writes and files just go', async () => {
    const id = await synced();
    expect(await remove(id)).toBe(true);
    expect(await remove(id)).toBe(false);
    expect(await outbox()).toMatchObject([{ kind: 'thing.delete', payload: { baseVersion: 3, previous: { name: FIELDS.name, version: 3 } } }]);

    const fresh = await create();
    await update(fresh, {}, phantom('b'));
    expect(await remove(fresh)).toBe(true);
    expect((await outbox()).map((row) => row.kind)).toEqual(['thing.delete']);
    expect(await db.blobs.count()).toBe(0);
  });

  it('delete supersedes queued updates; no If-Match when a write may have reached the server, or one is in flight', async () => {
    const id = await synced();
    await update(id, { size: 300 }, phantom());
    await changeRows({ attempts: 1 });
    await remove(id);
    expect(await outbox()).toMatchObject([{ kind: 'thing.delete', payload: { baseVersion: null, previous: { size: 200 } } }]);
    expect(await db.blobs.count()).toBe(0);

    const sending = await create();
    await changeRows({ state: 'sending', attempts: 1 }, (row) => row.entityId === sending);
    await remove(sending);
    expect((await outbox()).filter((row) => row.entityId === sending).map((row) => [row.kind, row.state])).toEqual([
      ['thing.create', 'sending'],
      ['thing.delete', 'pending'],
    ]);
  });

  it('a create-only entity: edits fold into its unsent or refused create; once the server has it, no update or delete is ever queued', async () => {
    const id = '0193a2b4-0000-7000-8000-0000000000b1';
    await onlyCreated.create(TEST_USER, { id, userId: TEST_USER, ...FIELDS }, FIELDS, null);
    expect((await onlyCreated.update(TEST_USER, id, { ...FIELDS, size: 1 }, (record) => ({ ...record, size: 1 }))).how).toBe('merged');
    await changeRows({ state: 'done', attempts: 1, lastStatus: 204 });
    await expect(onlyCreated.update(TEST_USER, id, FIELDS, (record) => record)).rejects.toBeInstanceOf(CreateOnlyError);
    await expect(onlyCreated.remove(TEST_USER, id)).rejects.toBeInstanceOf(CreateOnlyError);
    expect((await outbox()).map((row) => row.kind)).toEqual(['once.create']);
    expect(await table().get(id)).toMatchObject({ size: 1 });
  });
});

describe('sending', () => {
  it('create: the file first (tus), then the JSON (client id, fields, imagesUploadId), the row id as Idempotency-Key; the 201 replaces the record and frees the file', async () => {
    const id = await create();
    const [row] = await outbox();
    const api = serve({ [`POST ${LIST}`]: { status: 201, body: server(id), headers: { ETag: 'W/"1"' } } });
    expect(await drain()).toMatchObject({ status: 'drained', sent: 1 });
    const [call] = api.callsTo('POST', LIST);
    expect(call!.headers.get('Idempotency-Key')).toBe(row!.id);
    expect(call!.headers.get('If-Match')).toBeNull();
    expect(call!.body).toEqual({ id, ...FIELDS, imagesUploadId: onlyUploadId() });
    expect(uploaded(onlyUploadId())).toBe('phantom-bytes');
    expect(await table().get(id)).toEqual({ ...server(id), userId: TEST_USER });
    expect(await db.blobs.count()).toBe(0);
    expect(await readUploadRecord(row!.fileIds[0]!)).toBeNull();
  });

  it('offline: stays queued with its file; back online it goes once more with the same key and the same finished upload', async () => {
    const id = await create();
    let online = false;
    const api = serve({ [`POST ${LIST}`]: () => (online ? { status: 201, body: server(id) } : networkError()) });
    expect(await drain()).toMatchObject({ status: 'offline' });
    online = true;
    await dueNow();
    expect(await drain()).toMatchObject({ status: 'drained', sent: 1 });
    expect(new Set(api.callsTo('POST', LIST).map((call) => call.headers.get('Idempotency-Key'))).size).toBe(1);
    expect(tusPosts()).toHaveLength(1);
  });

  it('an upload that expired before the write got an answer goes up again once, and the write once more with the same key', async () => {
    const id = await create();
    const [row] = await outbox();
    serve({ [`POST ${LIST}`]: networkError() });
    await drain();
    const expiredId = onlyUploadId();
    tus().uploads.delete(expiredId);
    const api = serve({ [`POST ${LIST}`]: (_call, count) => (count === 1 ? expired() : { status: 201, body: server(id) }) });
    await dueNow();
    expect(await drain()).toMatchObject({ status: 'drained', sent: 1 });
    const posts: FakeCall[] = api.callsTo('POST', LIST);
    expect(posts.map((call) => (call.body as { imagesUploadId: string }).imagesUploadId)).toEqual([expiredId, onlyUploadId()]);
    expect(posts.map((call) => call.headers.get('Idempotency-Key'))).toEqual([row!.id, row!.id]);
  });

  it('an upload refused right after it went up fails the write with its field as data; the next try uploads again', async () => {
    await create();
    serve({ [`POST ${LIST}`]: expired('imagesUploadId') });
    await drain();
    const [row] = await outbox();
    expect(row).toMatchObject({ state: 'failed', lastStatus: 400, lastError: 'O envio expirou. Envie o arquivo de novo.', lastErrorField: 'imagesUploadId' });
    expect(await readUploadRecord(row!.fileIds[0]!)).toBeNull();
    expect(await db.blobs.count()).toBe(1);
  });

  it("waits while another entity's create it names is queued (no upload, no request), then goes", async () => {
    const otherId = '0193a2b4-0000-7000-8000-0000000000d1';
    await localWrite(queueScope(), (tx) => enqueue(tx, { kind: 'other.create', entityId: otherId, payload: {} }));
    const id = '0193a2b4-0000-7000-8000-0000000000a3';
    await thingEntity.create(TEST_USER, { id, userId: TEST_USER, ...FIELDS }, { ...FIELDS, otherId }, null);
    const api = serve({ [`POST ${LIST}`]: { status: 201, body: server(id) } });
    await drain();
    expect(api.calls).toHaveLength(0);
    expect((await outbox()).find((row) => row.entityId === id)).toMatchObject({ state: 'pending', attempts: 0, waitReason: 'dependency' });
    await changeRows({ state: 'done' }, (row) => row.entityId === otherId);
    await dueNow();
    expect(await drain()).toMatchObject({ sent: 1 });
  });

  it('an update queued behind its create goes over the created version; the answer keeps the newer local values and takes the server fields', async () => {
    const id = await create();
    await changeRows({ attempts: 1 });
    await update(id, { size: 250 });
    const api = serve({ [`POST ${LIST}`]: { status: 201, body: server(id), headers: { ETag: 'W/"1"' } }, [`PUT ${ITEM(id)}`]: { status: 204, headers: { ETag: 'W/"2"' } } });
    await drain();
    expect(api.callsTo('PUT', ITEM(id))[0]!.headers.get('If-Match')).toBe('W/"1"');
    expect(await table().get(id)).toMatchObject({ size: 250, stamp: 'server', version: 2 });
  });

  it('a stale version (412) is a conflict: "keep mine" goes over the server\'s version with a new key; "take theirs" puts back what was, offline too', async () => {
    const id = await synced(3);
    await update(id, { size: 260 });
    let puts = 0;
    const api = serve({
      [`PUT ${ITEM(id)}`]: () => (++puts === 1 ? { status: 412, body: { errors: ['Alterado em outro lugar.'] } } : { status: 204, headers: { ETag: 'W/"6"' } }),
      [`GET ${ITEM(id)}`]: { body: server(id, { version: 5 }) },
    });
    await drain();
    const [conflict] = await outbox();
    expect(conflict).toMatchObject({ state: 'conflict', lastError: 'Alterado em outro lugar.' });
    await keepMine(conflict!.id);
    await drain();
    const calls = api.callsTo('PUT', ITEM(id));
    expect(calls.map((call) => call.headers.get('If-Match'))).toEqual(['W/"3"', 'W/"5"']);
    expect(calls[0]!.headers.get('Idempotency-Key')).not.toBe(calls[1]!.headers.get('Idempotency-Key'));
    expect(await table().get(id)).toMatchObject({ size: 260, version: 6 });

    await update(id, { size: 270 });
    serve({ [`PUT ${ITEM(id)}`]: { status: 412, body: { errors: ['Versão desatualizada.'] } } });
    await drain();
    await discardLocalChange((await outbox()).at(-1)!.id);
    expect(await table().get(id)).toMatchObject({ size: 260, version: 6 });
  });

  it('a refused create discarded: the record goes here at once (the server never had it), with its file', async () => {
    const id = await create();
    serve({ [`POST ${LIST}`]: { status: 400, body: { errors: ['Já existe.'] } } });
    await drain();
    expect(await outbox()).toMatchObject([{ state: 'failed', lastError: 'Já existe.', lastErrorField: null }]);
    await discardLocalChange((await outbox())[0]!.id);
    expect(await table().get(id)).toBeUndefined();
    expect(await db.blobs.count()).toBe(0);
  });

  it('delete: DELETE with If-Match, a 404 is done; a refused delete undone brings the record back', async () => {
    const id = await synced(3);
    await remove(id);
    const api = serve({ [`DELETE ${ITEM(id)}`]: { status: 404, body: { errors: ['Não encontrado.'] } } });
    await drain();
    expect(api.callsTo('DELETE', ITEM(id))[0]!.headers.get('If-Match')).toBe('W/"3"');
    expect(await outbox()).toMatchObject([{ state: 'done', lastStatus: 404 }]);

    await synced(3);
    await remove(id);
    serve({ [`DELETE ${ITEM(id)}`]: { status: 409, body: { errors: ['Em uso.'] } } });
    await drain();
    await discardLocalChange((await outbox()).at(-1)!.id);
    expect(await table().get(id)).toMatchObject({ id, version: 3 });
  });

  it('a create-only entity has only its create kind, and the version of an ETag is read as a number', () => {
    expect(Object.keys(queuedEntityKinds(onlyCreated, { create: { path: () => LIST }, describe: () => '' }))).toEqual(['once.create']);
    expect(Object.keys(thingKinds)).toEqual(['thing.create', 'thing.update', 'thing.delete']);
    expect([versionOfEtag('W/"12"'), versionOfEtag('"3"'), versionOfEtag(null), versionOfEtag('*')]).toEqual([12, 3, null, null]);
  });
});
