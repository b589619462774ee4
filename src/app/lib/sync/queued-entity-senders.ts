import type { z } from 'zod';
import { ApiError } from '../api-client.ts';
import { db, localWrite, type OutboxRow, type StoredFile } from '../db.ts';
import { sendWithUpload } from '../uploads/tus-upload.ts';
import { forgetRefusedUpload } from '../uploads/upload-store.ts';
import { hasUnsentCreate, unsentRowsOf } from './outbox.ts';
import { isWritePayload, type DeletePayload, type EntityPayload, type QueuedEntity, type QueuedRecord, type WritePayload } from './queued-entity.ts';
import { defer, registerSender, sendOutboxRequest, versionOfEtag, type Answer, type Deferral, type SendContext } from './senders.ts';

/**
 * The queued-entity kit, send side: how a declared entity's writes go to the server (the file first
 * as a resumable tus upload, then JSON with its `imagesUploadId`, the client's UUID as `id` on create,
 * the row id as `Idempotency-Key`, `If-Match` from the version the write builds on) and what each
 * answer does here (the server's record, its new version; discard puts back what was; keep mine goes
 * over the server's version). An entity only says where it lives on the wire.
 */

export type WriteAction = 'create' | 'update' | 'delete';

/** What a successful write hands to `onDone`: the entity the server answered with (201/200) and its new version (`ETag`). */
export interface EntityAnswer<R> {
  record: R | null;
  version: number | null;
}

export interface EntityWire<R extends QueuedRecord, F, S, W> {
  /** `/users/{uid}/calibrations/` */
  collectionPath: (payload: S & { userId: string }) => string;
  itemPath: (payload: S & { userId: string }, id: string) => string;
  /** The server's entity as it travels; `toRecord` turns it into ours (v1's spellings stay at this edge). */
  wire: z.ZodType<W>;
  toRecord: (wire: W) => R;
  /** The fields only the server sets: applied from an answer even while later writes of ours are queued. */
  serverFields: readonly (keyof R)[];
  /** The server's current copy ("keep mine" goes over its version). */
  fetchOne: (payload: S & { userId: string }, id: string) => Promise<{ version?: number }>;
  /** The id of another queued entity this write names, which must reach the server first (e.g. the chosen calibration). */
  dependsOn?: (fields: F) => string | null | undefined;
  /** What the write is, for the list of writes that need the user (already translated). */
  describe: (action: WriteAction, record: { fields?: F; previous?: R }) => string;
  /** After a write is done (e.g. pull what the server recounted). */
  afterDone?: (action: WriteAction, row: OutboxRow<EntityPayload<R, F, S>>) => Promise<void> | void;
  /** After "discard" / "take theirs" put the record back: pull the server's copy when it can. */
  afterDiscard: (row: OutboxRow<EntityPayload<R, F, S>>) => Promise<void> | void;
  /** Request timeout (default: the drainer's). */
  timeoutMs?: number;
}

/** Look again this soon when a write waits for another entity's create. */
const DEPENDENCY_RECHECK_MS = 5_000;

export function registerQueuedEntitySenders<R extends QueuedRecord, F extends object, S extends object, W>(
  entity: QueuedEntity<R, F, S>,
  wire: EntityWire<R, F, S, W>,
) {
  type Row = OutboxRow<WritePayload<R, F, S>>;
  type AnyRow = OutboxRow<EntityPayload<R, F, S>>;
  const table = entity.table;

  /** Reads the answer here, so the `ETag` of a 204 reaches `onDone`; error bodies go on as they are. */
  async function answerOf(response: Response, fileIds: readonly string[]): Promise<Answer<EntityAnswer<R>>> {
    const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
    if (!response.ok) {
      await forgetRefusedUpload(response.status, body, fileIds);
      return { status: response.status, headers: response.headers, body };
    }
    const parsed = wire.wire.safeParse(body);
    const answer: EntityAnswer<R> = { record: parsed.success ? wire.toRecord(parsed.data) : null, version: versionOfEtag(response.headers.get('ETag')) };
    return { status: response.status, headers: response.headers, body: answer };
  }

  async function waitForDependency(fields: F): Promise<Deferral | null> {
    const other = wire.dependsOn?.(fields);
    return other && (await hasUnsentCreate(other)) ? defer('dependency', DEPENDENCY_RECHECK_MS) : null;
  }

  /** The file first (resumed where it stopped), then the JSON naming it; an expired upload goes up again once. */
  function sendFields(row: Row, files: StoredFile[], context: SendContext, request: (body: Record<string, unknown>) => Promise<Response>) {
    return sendWithUpload(row, files[0], context, async (imagesUploadId) => {
      const body = { ...row.payload.fields, ...(imagesUploadId !== undefined && { imagesUploadId }) };
      return answerOf(await request(body), row.fileIds);
    });
  }

  async function sendCreate(row: Row, files: StoredFile[], context: SendContext) {
    const waiting = await waitForDependency(row.payload.fields);
    if (waiting) return waiting;
    return sendFields(row, files, context, (body) =>
      sendOutboxRequest(row, wire.collectionPath(row.payload), { method: 'POST', body: { id: row.entityId, ...body } }, context),
    );
  }

  /** The version the update builds on is the local record's at sending time: an earlier write of ours (create, update) set it. */
  async function sendUpdate(row: Row, files: StoredFile[], context: SendContext) {
    const waiting = await waitForDependency(row.payload.fields);
    if (waiting) return waiting;
    return sendFields(row, files, context, async (body) => {
      const ifMatch = (await table().get(row.entityId))?.version ?? row.payload.previous?.version ?? null;
      return sendOutboxRequest(row, wire.itemPath(row.payload, row.entityId), { method: 'PUT', body, ifMatch }, context);
    });
  }

  async function sendDelete(row: OutboxRow<DeletePayload<R, S>>, _files: StoredFile[], context: SendContext) {
    const { baseVersion } = row.payload;
    return answerOf(await sendOutboxRequest(row, wire.itemPath(row.payload, row.entityId), { method: 'DELETE', ifMatch: baseVersion }, context), []);
  }

  /**
   * The server's answer to a create or update: its record wholesale, unless later writes of ours are
   * still queued (then only the server's own fields); a record deleted here meanwhile stays deleted.
   */
  async function applyAnswer(row: AnyRow, answer: EntityAnswer<R> | null) {
    if (!answer) return;
    await localWrite([table(), db.outbox], async () => {
      if (!(await table().get(row.entityId))) return;
      const later = (await unsentRowsOf(row.entityId)).length > 0;
      if (answer.record && !later) {
        await table().put(answer.record);
        return;
      }
      const changes: Partial<R> = {};
      for (const field of answer.record ? wire.serverFields : []) changes[field] = answer.record![field];
      if (answer.version !== null) changes.version = answer.version;
      await table().update(row.entityId, changes as never);
    });
  }

  /** "Discard" / "take theirs": what the record was before the dropped writes, at once and offline too; then the server's copy. */
  async function restore(rows: AnyRow[]) {
    const first = rows[0];
    if (!first) return;
    await localWrite([table(), db.outbox], async () => {
      if ((await unsentRowsOf(first.entityId)).length > 0) return;
      if (first.kind === entity.kinds.create) await table().delete(first.entityId);
      else if (first.payload.previous) await table().put(first.payload.previous);
    });
    await wire.afterDiscard(first);
  }

  /** The server's current version, or null when it no longer has the entity. */
  async function serverVersion(row: AnyRow): Promise<number | null> {
    try {
      return (await wire.fetchOne(row.payload, row.entityId)).version ?? null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  }

  /** "Keep mine" after a 412: the local record takes the server's current version, so the update goes over it. */
  async function keepMyUpdate(row: Row) {
    const version = (await wire.fetchOne(row.payload, row.entityId)).version;
    await localWrite([table()], () => table().update(row.entityId, { version } as never));
    return row.payload;
  }

  /** "Keep mine" on a delete: delete the server's current version (already gone: the DELETE's 404 is done). */
  async function keepMyDelete(row: OutboxRow<DeletePayload<R, S>>) {
    const version = await serverVersion(row);
    return version === null ? row.payload : { ...row.payload, baseVersion: version };
  }

  const describe = (action: WriteAction) => (row: AnyRow) =>
    wire.describe(action, isWritePayload(row.payload) ? { fields: row.payload.fields, previous: row.payload.previous } : { previous: row.payload.previous });
  const done = (action: WriteAction) => async (row: AnyRow, answer: EntityAnswer<R> | null) => {
    await applyAnswer(row, answer);
    await wire.afterDone?.(action, row);
  };
  const common = { onDiscard: restore, ...(wire.timeoutMs !== undefined && { timeoutMs: wire.timeoutMs }) };
  const stops = [
    registerSender<WritePayload<R, F, S>, EntityAnswer<R>>(entity.kinds.create, sendCreate, { method: 'POST', onDone: done('create'), describe: describe('create'), ...common }),
    registerSender<WritePayload<R, F, S>, EntityAnswer<R>>(entity.kinds.update, sendUpdate, {
      method: 'PUT',
      onDone: done('update'),
      keepMine: keepMyUpdate,
      describe: describe('update'),
      ...common,
    }),
    registerSender<DeletePayload<R, S>, EntityAnswer<R>>(entity.kinds.delete, sendDelete, {
      method: 'DELETE',
      onDone: done('delete'),
      keepMine: keepMyDelete,
      describe: describe('delete'),
      ...common,
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
