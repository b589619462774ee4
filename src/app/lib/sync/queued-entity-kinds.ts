import type { z } from 'zod';
import { ApiError } from '../api-client.ts';
import { localWrite, type OutboxRow, type StoredFile } from '../db.ts';
import { sendWithUpload } from '../uploads/tus-upload.ts';
import { forgetRefusedUpload } from '../uploads/upload-store.ts';
import type { Answered } from './decisions.ts';
import { hasUnsentCreate, queueScope, unsentRowsOf } from './outbox.ts';
import type { DeletePayload, EntityPayload, QueuedEntity, QueuedRecord, WritePayload } from './queued-entity.ts';
import { defer, readAnswer, sendOutboxRequest, versionOfEtag, type SendContext, type WriteKind } from './write-kinds.ts';

/**
 * The queued-entity kit, send side: an entity's write kinds, built from what it can do on the wire.
 * `create` is the user's own entities'; `update` and `remove` only an editable one's, each with what it
 * needs (an entity staff create, an order, declares its update alone). The
 * kit owns the rest: the file first as a resumable tus upload, then JSON with its `imagesUploadId`, the
 * client's UUID as `id` on create, the row id as `Idempotency-Key`, `If-Match` from the version the write
 * builds on, the server's record applied here, discard putting back what was, keep mine going over the
 * server's version.
 */

export type WriteAction = 'create' | 'update' | 'delete';

/** What a successful write hands on: the entity the server answered with (201/200) and its new version (`ETag`). */
export interface EntityAnswer<R> {
  record: R | null;
  version: number | null;
}

type Scoped<S> = S & { userId: string };

/** The server answers a create or update with its record: read with `wire`, made ours with `toRecord`. */
export interface RecordAnswer<R, W> {
  wire: z.ZodType<W>;
  toRecord: (wire: W) => R;
  /** The fields only the server sets: applied from an answer even while later writes of ours are queued. */
  serverFields: readonly (keyof R)[];
}

export interface CreateCapability<R, F, S, W> {
  /** `/users/{uid}/calibrations/` */
  path: (scope: Scoped<S>) => string;
  /** Without it, the answer carries nothing to apply (e.g. a 204). */
  answer?: RecordAnswer<R, W>;
  /** The id of another queued entity this write names, whose create must reach the server first (e.g. the chosen calibration). */
  dependsOn?: { kind: string; id: (fields: F) => string | null | undefined };
}

/** Update and remove: the item's path and the server's current copy ("keep mine" goes over its version). */
export interface ItemCapability<S> {
  path: (scope: Scoped<S>, id: string) => string;
  fetchOne: (scope: Scoped<S>, id: string) => Promise<{ version?: number }>;
}

/** An update replaces the entity (PUT) unless it changes a part of it (PATCH); without a create, its answer says what the record becomes. */
export interface UpdateCapability<R, S, W> extends ItemCapability<S> {
  method?: 'PUT' | 'PATCH';
  answer?: RecordAnswer<R, W>;
}

export interface EntityCapabilities<R extends QueuedRecord, F, S, W> {
  /** Absent for an entity only staff create (the user changes part of it: `update`). */
  create?: CreateCapability<R, F, S, W>;
  update?: UpdateCapability<R, S, W>;
  remove?: ItemCapability<S>;
  /** What the write is, for the list of writes that need the user (already translated). */
  describe: (action: WriteAction, record: { fields?: F; previous?: R }) => string;
  /** After a write is done (e.g. pull what the server recounted). */
  afterDone?: (action: WriteAction, row: OutboxRow<EntityPayload<R, F, S>>) => Promise<void> | void;
  /** After "discard" / "take theirs" put the record back: pull the server's copy when it can. */
  afterDiscard?: (row: OutboxRow<EntityPayload<R, F, S>>) => Promise<void> | void;
  /** Request timeout (default: the drainer's). */
  timeoutMs?: number;
}

/** Look again this soon when a write waits for another entity's create. */
const DEPENDENCY_RECHECK_MS = 5_000;

/** The entity's write kinds, by kind: `<name>.create`, and `<name>.update` / `<name>.delete` when it can. */
export function queuedEntityKinds<R extends QueuedRecord, F extends object, S extends object, W>(
  entity: QueuedEntity<R, F, S>,
  capabilities: EntityCapabilities<R, F, S, W>,
): Record<string, WriteKind> {
  type Row = OutboxRow<WritePayload<R, F, S>>;
  type AnyRow = OutboxRow<EntityPayload<R, F, S>>;
  const { table } = entity;
  const { create, update, remove } = capabilities;
  const recordAnswer = create?.answer ?? update?.answer;

  /** The server's answer, read here once: on success the record and version, on a refusal its problems (a refused upload is forgotten). */
  async function answerOf(response: Response, fileIds: readonly string[]): Promise<Answered<EntityAnswer<R>>> {
    const answer = await readAnswer(response, async (accepted) => {
      const body: unknown = accepted.status === 204 ? null : await accepted.json().catch(() => null);
      const parsed = recordAnswer?.wire.safeParse(body);
      return { record: parsed?.success ? recordAnswer!.toRecord(parsed.data) : null, version: versionOfEtag(accepted.headers.get('ETag')) };
    });
    await forgetRefusedUpload(answer, fileIds);
    return answer;
  }

  async function waitForDependency(fields: F) {
    const dependsOn = create?.dependsOn;
    const other = dependsOn?.id(fields);
    return other && (await hasUnsentCreate(other, dependsOn!.kind)) ? defer('dependency', DEPENDENCY_RECHECK_MS) : null;
  }

  /** The file first (resumed where it stopped), then the JSON naming it; an expired upload goes up again once. */
  async function sendFields(row: Row, files: StoredFile[], context: SendContext, request: (body: Record<string, unknown>) => Promise<Response>) {
    const waiting = await waitForDependency(row.payload.fields);
    if (waiting) return waiting;
    return sendWithUpload(row, files[0], context, async (imagesUploadId) => {
      const body = { ...row.payload.fields, ...(imagesUploadId !== undefined && { imagesUploadId }) };
      return answerOf(await request(body), row.fileIds);
    });
  }

  /**
   * The server's answer to a create or update: its record wholesale, unless later writes of ours are
   * still queued (then only the server's own fields); a record deleted here meanwhile stays deleted.
   */
  async function applyAnswer(row: AnyRow, answer: EntityAnswer<R> | null) {
    if (!answer) return;
    await localWrite(queueScope(table()), async () => {
      if (!(await table().get(row.entityId))) return;
      const later = (await unsentRowsOf(row.entityId)).length > 0;
      if (answer.record && !later) {
        await table().put(answer.record);
        return;
      }
      const changes: Partial<R> = {};
      for (const field of answer.record ? (recordAnswer?.serverFields ?? []) : []) changes[field] = answer.record![field];
      if (answer.version !== null) changes.version = answer.version;
      await table().update(row.entityId, changes as never);
    });
  }

  /** "Discard" / "take theirs": what the record was before the dropped writes, at once and offline too; then the server's copy. */
  async function restore(rows: AnyRow[]) {
    const first = rows[0];
    if (!first) return;
    await localWrite(queueScope(table()), async () => {
      if ((await unsentRowsOf(first.entityId)).length > 0) return;
      if (first.kind === entity.kinds.create) await table().delete(first.entityId);
      else if (first.payload.previous) await table().put(first.payload.previous);
    });
    await capabilities.afterDiscard?.(first);
  }

  const common = (action: WriteAction) => ({
    onDone: async (row: AnyRow, answer: EntityAnswer<R> | null) => {
      await applyAnswer(row, answer);
      await capabilities.afterDone?.(action, row);
    },
    onDiscard: restore,
    describe: (row: AnyRow) =>
      capabilities.describe(action, { fields: action === 'delete' ? undefined : (row.payload as WritePayload<R, F, S>).fields, previous: row.payload.previous }),
    ...(capabilities.timeoutMs !== undefined && { timeoutMs: capabilities.timeoutMs }),
  });

  return {
    ...(create && { [entity.kinds.create]: createKind(create) }),
    ...(update && { [entity.kinds.update]: updateKind(update) }),
    ...(remove && { [entity.kinds.delete]: removeKind(remove) }),
  };

  function createKind(kind: CreateCapability<R, F, S, W>): WriteKind<WritePayload<R, F, S>, EntityAnswer<R>> {
    return {
      method: 'POST',
      send: (row, files, context) =>
        sendFields(row, files, context, (body) => sendOutboxRequest(row, kind.path(row.payload), { method: 'POST', body: { id: row.entityId, ...body } }, context)),
      ...common('create'),
    };
  }

  /** The version an update builds on is the local record's at sending time: an earlier write of ours (create, update) set it. */
  function updateKind(item: UpdateCapability<R, S, W>): WriteKind<WritePayload<R, F, S>, EntityAnswer<R>> {
    const method = item.method ?? 'PUT';
    return {
      method,
      send: (row, files, context) =>
        sendFields(row, files, context, async (body) => {
          const ifMatch = (await table().get(row.entityId))?.version ?? row.payload.previous?.version ?? null;
          return sendOutboxRequest(row, item.path(row.payload, row.entityId), { method, body, ifMatch }, context);
        }),
      /** "Keep mine" after a 412: the local record takes the server's current version, so the update goes over it. */
      keepMine: async (row) => {
        const { version } = await item.fetchOne(row.payload, row.entityId);
        await localWrite([table()], () => table().update(row.entityId, { version } as never));
        return row.payload;
      },
      ...common('update'),
    };
  }

  function removeKind(item: ItemCapability<S>): WriteKind<DeletePayload<R, S>, EntityAnswer<R>> {
    return {
      method: 'DELETE',
      send: async (row, _files, context) =>
        answerOf(await sendOutboxRequest(row, item.path(row.payload, row.entityId), { method: 'DELETE', ifMatch: row.payload.baseVersion }, context), []),
      /** "Keep mine" on a delete: delete the server's current version (already gone: the DELETE's 404 is done). */
      keepMine: async (row) => {
        const version = await serverVersion(item, row);
        return version === null ? row.payload : { ...row.payload, baseVersion: version };
      },
      ...common('delete'),
    };
  }
}

/** The server's current version, or null when it no longer has the entity. */
async function serverVersion<S>(item: ItemCapability<S>, row: OutboxRow<Scoped<S>>): Promise<number | null> {
  try {
    return (await item.fetchOne(row.payload, row.entityId)).version ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
