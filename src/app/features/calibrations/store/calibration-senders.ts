import type { QueryClient } from '@tanstack/react-query';
import { Calibration } from '#shared/schemas/calibrations.ts';
import { ApiError } from '#app/lib/api-client.ts';
import { db, localWrite, type CalibrationRecord, type OutboxRow, type StoredFile } from '#app/lib/db.ts';
import { i18n } from '#app/lib/i18n.ts';
import { authChangeListeners, isSignedIn, readAuthState, type AuthState } from '#app/lib/session.ts';
import { unsentRowsOf } from '#app/lib/sync/outbox.ts';
import { registerSender, sendOutboxRequest, versionOfEtag, type SendContext, type SendOutcome } from '#app/lib/sync/senders.ts';
import { sendWithUpload } from '#app/lib/uploads/tus-upload.ts';
import { forgetRefusedUpload } from '#app/lib/uploads/upload-store.ts';
import {
  CALIBRATION_ISOTOPES,
  calibrationKeys,
  calibrationPath,
  calibrationsPath,
  calibrationsPullQuery,
  fetchCalibration,
  isotopesQuery,
} from '../api/calibration-queries.ts';
import type { CalibrationValues } from '../calibration-values.ts';
import {
  CALIBRATION_CREATE,
  CALIBRATION_DELETE,
  CALIBRATION_UPDATE,
  type CalibrationDeletePayload,
  type CalibrationPayload,
  type CalibrationWritePayload,
} from './calibration-store.ts';

/**
 * The outbox senders of `calibration.create|update|delete` (v1 §1.13 with API.md): the picked images
 * go up first as a resumable tus upload (lib/uploads), then the multipart form with its
 * `imagesUploadId`, the row id as `Idempotency-Key`, `If-Match` from the version the write builds on.
 * The server's answer updates the local record.
 */

/** What a sender hands the drainer on success: the created calibration (201) and the new version (`ETag`). */
export interface CalibrationAnswer {
  calibration: Calibration | null;
  version: number | null;
}

/** The form fields as multipart (camelCase, as v1 reads them) with the finished upload's id when there are images. */
export function calibrationForm(fields: CalibrationValues, imagesUploadId?: string, id?: string): FormData {
  const form = new FormData();
  if (id) form.append('id', id);
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  if (imagesUploadId) form.append('imagesUploadId', imagesUploadId);
  return form;
}

/** Reads the answer here, so the `ETag` of a 204 reaches `onDone`; error bodies go on as they are (the drainer shows `errors[0]`). */
async function answerOf(response: Response, fileIds: readonly string[]): Promise<SendOutcome> {
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    await forgetRefusedUpload(response.status, body, fileIds);
    return { status: response.status, headers: response.headers, body };
  }
  const parsed = Calibration.safeParse(body);
  const answer: CalibrationAnswer = { calibration: parsed.success ? parsed.data : null, version: versionOfEtag(response.headers.get('ETag')) };
  return { status: response.status, headers: response.headers, body: answer };
}

/**
 * Sends the multipart form (the fields, and the images' upload id when there are images) once the
 * images are up (resumed where they stopped); an expired upload goes up again and the form once more.
 */
function sendWithImages(row: OutboxRow<CalibrationWritePayload>, files: StoredFile[], context: SendContext, request: (imagesUploadId?: string) => Promise<Response>) {
  return sendWithUpload(row, files[0], context, async (imagesUploadId) => answerOf(await request(imagesUploadId), row.fileIds));
}

function sendCreate(row: OutboxRow<CalibrationWritePayload>, files: StoredFile[], context: SendContext) {
  const { userId, fields } = row.payload;
  return sendWithImages(row, files, context, (imagesUploadId) =>
    sendOutboxRequest(row, calibrationsPath(userId), { method: 'POST', body: calibrationForm(fields, imagesUploadId, row.entityId) }, context),
  );
}

/** The version the update builds on is the local record's at sending time: an earlier write of ours (create, update) set it. */
function sendUpdate(row: OutboxRow<CalibrationWritePayload>, files: StoredFile[], context: SendContext) {
  const { userId, fields, previous } = row.payload;
  return sendWithImages(row, files, context, async (imagesUploadId) => {
    const ifMatch = (await db.calibrations.get(row.entityId))?.version ?? previous?.version ?? null;
    return sendOutboxRequest(row, calibrationPath(userId, row.entityId), { method: 'PUT', body: calibrationForm(fields, imagesUploadId), ifMatch }, context);
  });
}

async function sendDelete(row: OutboxRow<CalibrationDeletePayload>, _files: StoredFile[], context: SendContext) {
  const { userId, baseVersion } = row.payload;
  return answerOf(await sendOutboxRequest(row, calibrationPath(userId, row.entityId), { method: 'DELETE', ifMatch: baseVersion }, context), []);
}

function isAnswer(body: unknown): body is CalibrationAnswer {
  return body !== null && typeof body === 'object' && 'version' in body;
}

/**
 * Applies the server's answer to a create or update: the created calibration wholesale, unless later
 * writes of ours are still queued (then only the server's own fields: version, dates, images URL); a
 * calibration deleted here meanwhile stays deleted (its queued delete follows).
 */
export async function applyServerAnswer(row: OutboxRow, body: unknown) {
  if (!isAnswer(body)) return;
  const { calibration, version } = body;
  await localWrite([db.calibrations, db.outbox], async () => {
    const local = await db.calibrations.get(row.entityId);
    if (!local) return;
    const later = (await unsentRowsOf(row.entityId)).length > 0;
    if (calibration && !later) {
      await db.calibrations.put(calibration);
      return;
    }
    const changes: Partial<CalibrationRecord> = {};
    if (calibration) {
      const { userId, createAt, modifiedAt, imagesUrl, version: created } = calibration;
      Object.assign(changes, { userId, createAt, modifiedAt, imagesUrl, version: created });
    }
    if (version !== null) changes.version = version;
    await db.calibrations.update(row.entityId, changes);
  });
}

/**
 * "Discard" / "take theirs": puts back what the record was before the dropped writes (at once, also
 * offline: a dropped create removes it), then pulls the server's copy when it can.
 */
async function restore(rows: OutboxRow<CalibrationPayload>[], queryClient: QueryClient) {
  const first = rows[0];
  if (!first) return;
  await localWrite([db.calibrations, db.outbox], async () => {
    if ((await unsentRowsOf(first.entityId)).length > 0) return;
    const previous = 'previous' in first.payload ? first.payload.previous : undefined;
    if (first.kind === CALIBRATION_CREATE) await db.calibrations.delete(first.entityId);
    else if (previous) await db.calibrations.put(previous);
  });
  await queryClient.fetchQuery(calibrationsPullQuery(first.payload.userId)).catch(() => undefined);
}

/** "Keep mine" after a 412: the local record takes the server's current version, so the update goes over it. */
async function keepMyUpdate(row: OutboxRow<CalibrationWritePayload>) {
  const server = await fetchCalibration(row.payload.userId, row.entityId);
  await localWrite([db.calibrations], async () => {
    await db.calibrations.update(row.entityId, { version: server.version });
  });
  return row.payload;
}

/** "Keep mine" on a delete: delete the server's current version (already gone: the DELETE's 404 is done). */
async function keepMyDelete(row: OutboxRow<CalibrationDeletePayload>) {
  try {
    const server = await fetchCalibration(row.payload.userId, row.entityId);
    return { ...row.payload, baseVersion: server.version };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return row.payload;
    throw error;
  }
}

const nameOf = (payload: CalibrationPayload) => ('fields' in payload ? payload.fields.calibrationName : payload.calibrationName);
const describe = (action: 'create' | 'update' | 'delete') => (row: OutboxRow<CalibrationPayload>) =>
  i18n.t(`calibrations:sync.${action}`, { name: nameOf(row.payload) });

/** Registers the three kinds (main.tsx, before the drainer starts). Returns the unregister function. */
export function registerCalibrationSenders(queryClient: QueryClient) {
  const onDiscard = (rows: OutboxRow<CalibrationPayload>[]) => restore(rows, queryClient);
  const stops = [
    registerSender<CalibrationWritePayload>(CALIBRATION_CREATE, sendCreate, {
      method: 'POST',
      onDone: applyServerAnswer,
      onDiscard,
      describe: describe('create'),
    }),
    registerSender<CalibrationWritePayload>(CALIBRATION_UPDATE, sendUpdate, {
      method: 'PUT',
      onDone: async (row, body) => {
        await applyServerAnswer(row, body);
        // A 204 has no body: new images have a new download URL, which the next pull brings.
        if (row.fileIds.length > 0) await queryClient.invalidateQueries({ queryKey: calibrationKeys.pull(row.payload.userId) }, { cancelRefetch: false });
      },
      onDiscard,
      keepMine: keepMyUpdate,
      describe: describe('update'),
    }),
    registerSender<CalibrationDeletePayload>(CALIBRATION_DELETE, sendDelete, {
      method: 'DELETE',
      onDiscard,
      keepMine: keepMyDelete,
      describe: describe('delete'),
    }),
  ];
  return () => stops.forEach((stop) => stop());
}

/**
 * Pulls the calibrations and the dosimetry isotopes (the form's list, offline too) at start and on
 * each sign-in (the screens pull again on entering), and loads the texts the sync indicator uses to
 * describe queued calibration writes. Returns the stop function.
 */
export function startCalibrationsSync(queryClient: QueryClient) {
  const onAuth = (auth: AuthState | null) => {
    if (!isSignedIn(auth)) return;
    void i18n.loadNamespaces('calibrations');
    void queryClient.prefetchQuery(calibrationsPullQuery(auth.id));
    void queryClient.prefetchQuery(isotopesQuery(auth.id, CALIBRATION_ISOTOPES));
  };
  authChangeListeners.add(onAuth);
  onAuth(readAuthState());
  return () => {
    authChangeListeners.delete(onAuth);
  };
}
