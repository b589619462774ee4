import type { QueryClient } from '@tanstack/react-query';
import { Analysis } from '#shared/schemas/analyses.ts';
import { ApiError } from '#app/lib/api-client.ts';
import { db, localWrite, type AnalysisRecord, type OutboxRow, type StoredFile } from '#app/lib/db.ts';
import { i18n } from '#app/lib/i18n.ts';
import { authChangeListeners, isSignedIn, readAuthState, type AuthState } from '#app/lib/session.ts';
import { unsentRowsOf } from '#app/lib/sync/outbox.ts';
import { registerSender, sendOutboxRequest, versionOfEtag, type SendContext, type SendOutcome } from '#app/lib/sync/senders.ts';
import { sendWithUpload } from '#app/lib/uploads/tus-upload.ts';
import { forgetRefusedUpload } from '#app/lib/uploads/upload-store.ts';
import { analysesPath, analysisPath, analysesPullQuery, fetchAnalysis, orderKeys, ordersPullQuery } from '../api/order-queries.ts';
import type { AnalysisValues } from '../analysis-values.ts';
import {
  ANALYSIS_CREATE,
  ANALYSIS_DELETE,
  ANALYSIS_UPDATE,
  type AnalysisDeletePayload,
  type AnalysisPayload,
  type AnalysisWritePayload,
} from './analysis-store.ts';

/**
 * The outbox senders of `analysis.create|update|delete` (v1 §1.14 with API.md): the picked images go
 * up first as a resumable tus upload (lib/uploads), then the analysis as JSON with its
 * `imagesUploadId`, the client's UUID as `id` and the row id as `Idempotency-Key`, so a replay after a
 * lost answer, a reload or a closed tab makes one analysis.
 */

export interface AnalysisAnswer {
  analysis: Analysis | null;
  version: number | null;
}

/** A chosen calibration still waiting for its own create: the analysis waits (the server would not know it yet). */
const WAIT_FOR_CALIBRATION_S = 5;

async function waitForCalibration(fields: AnalysisValues): Promise<SendOutcome | null> {
  if (!fields.calibrationId) return null;
  const ahead = (await unsentRowsOf(fields.calibrationId)).some((row) => row.kind === 'calibration.create');
  if (!ahead) return null;
  return {
    status: 503,
    headers: new Headers({ 'Retry-After': String(WAIT_FOR_CALIBRATION_S) }),
    body: { errors: [i18n.t('analyses:sync.waitingCalibration')] },
  };
}

async function answerOf(response: Response, fileIds: string[]): Promise<SendOutcome> {
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    await forgetRefusedUpload(response.status, body, fileIds);
    return { status: response.status, headers: response.headers, body };
  }
  const parsed = Analysis.safeParse(body);
  const answer: AnalysisAnswer = { analysis: parsed.success ? parsed.data : null, version: versionOfEtag(response.headers.get('ETag')) };
  return { status: response.status, headers: response.headers, body: answer };
}

/** Sends the JSON body (the service's fields, and the images' upload id when there are images) once the images are up. */
function sendWithImages(row: OutboxRow<AnalysisWritePayload>, files: StoredFile[], context: SendContext, request: (body: Record<string, unknown>) => Promise<Response>) {
  return sendWithUpload(row, files[0], context, async (imagesUploadId) => {
    const body = { ...row.payload.fields, ...(imagesUploadId !== undefined && { imagesUploadId }) };
    return answerOf(await request(body), row.fileIds);
  });
}

async function sendCreate(row: OutboxRow<AnalysisWritePayload>, files: StoredFile[], context: SendContext) {
  const waiting = await waitForCalibration(row.payload.fields);
  if (waiting) return waiting;
  const { userId, orderId } = row.payload;
  return sendWithImages(row, files, context, (body) =>
    sendOutboxRequest(row, analysesPath(userId, orderId), { method: 'POST', body: { id: row.entityId, ...body } }, context),
  );
}

async function sendUpdate(row: OutboxRow<AnalysisWritePayload>, files: StoredFile[], context: SendContext) {
  const waiting = await waitForCalibration(row.payload.fields);
  if (waiting) return waiting;
  const record = await db.analyses.get(row.entityId);
  const ifMatch = record?.version ?? row.payload.previous?.version ?? null;
  const { userId, orderId } = row.payload;
  return sendWithImages(row, files, context, (body) =>
    sendOutboxRequest(row, analysisPath(userId, orderId, row.entityId), { method: 'PUT', body, ifMatch }, context),
  );
}

async function sendDelete(row: OutboxRow<AnalysisDeletePayload>, _files: StoredFile[], context: SendContext) {
  const { userId, orderId, baseVersion } = row.payload;
  return answerOf(await sendOutboxRequest(row, analysisPath(userId, orderId, row.entityId), { method: 'DELETE', ifMatch: baseVersion }, context), []);
}

function isAnswer(body: unknown): body is AnalysisAnswer {
  return body !== null && typeof body === 'object' && 'version' in body;
}

/** The created analysis wholesale unless later writes of ours are queued (then only the server's own fields). */
export async function applyServerAnswer(row: OutboxRow, body: unknown) {
  if (!isAnswer(body)) return;
  const { analysis, version } = body;
  await localWrite([db.analyses, db.outbox], async () => {
    const local = await db.analyses.get(row.entityId);
    if (!local) return;
    const later = (await unsentRowsOf(row.entityId)).length > 0;
    if (analysis && !later) {
      await db.analyses.put(analysis);
      return;
    }
    const changes: Partial<AnalysisRecord> = {};
    if (analysis) {
      const { createdAt, modifiedAt, imagesUrl, status, serviceName, version: created } = analysis;
      Object.assign(changes, { createdAt, modifiedAt, imagesUrl, status, serviceName, version: created });
    }
    if (version !== null) changes.version = version;
    await db.analyses.update(row.entityId, changes);
  });
}

/** "Discard" / "take theirs": what the record was before the dropped writes, then the server's copy when reachable. */
async function restore(rows: OutboxRow<AnalysisPayload>[], queryClient: QueryClient) {
  const first = rows[0];
  if (!first) return;
  await localWrite([db.analyses, db.outbox], async () => {
    if ((await unsentRowsOf(first.entityId)).length > 0) return;
    const previous = 'previous' in first.payload ? first.payload.previous : undefined;
    if (first.kind === ANALYSIS_CREATE) await db.analyses.delete(first.entityId);
    else if (previous) await db.analyses.put(previous);
  });
  const { userId, orderId } = first.payload;
  await queryClient.fetchQuery(analysesPullQuery(userId, orderId)).catch(() => undefined);
}

async function keepMyUpdate(row: OutboxRow<AnalysisWritePayload>) {
  const server = await fetchAnalysis(row.payload.userId, row.payload.orderId, row.entityId);
  await localWrite([db.analyses], async () => {
    await db.analyses.update(row.entityId, { version: server.version });
  });
  return row.payload;
}

async function keepMyDelete(row: OutboxRow<AnalysisDeletePayload>) {
  try {
    const server = await fetchAnalysis(row.payload.userId, row.payload.orderId, row.entityId);
    return { ...row.payload, baseVersion: server.version };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return row.payload;
    throw error;
  }
}

const nameOf = (payload: AnalysisPayload) => ('fields' in payload ? payload.fields.analysisName : payload.analysisName);
const describe = (action: 'create' | 'update' | 'delete') => (row: OutboxRow<AnalysisPayload>) => i18n.t(`analyses:sync.${action}`, { name: nameOf(row.payload) });

/** The order's counts changed on the server (remaining, statuses): pull them (and, for a 204, the analysis). */
function refreshAfter(queryClient: QueryClient, row: OutboxRow<AnalysisPayload>, analyses: boolean) {
  const { userId, orderId } = row.payload;
  void queryClient.invalidateQueries({ queryKey: orderKeys.pull(userId) }, { cancelRefetch: false });
  if (analyses) void queryClient.invalidateQueries({ queryKey: orderKeys.analyses(userId, orderId) }, { cancelRefetch: false });
}

/** Registers the three kinds (signed-in-runtime.tsx, before the drainer starts). Returns the unregister function. */
export function registerAnalysisSenders(queryClient: QueryClient) {
  const onDiscard = (rows: OutboxRow<AnalysisPayload>[]) => restore(rows, queryClient);
  // Big image series: the upload watches for stalls itself (tus-upload.ts), so the drainer's timeout only catches a hung request.
  const timeoutMs = 24 * 3600_000;
  const stops = [
    registerSender<AnalysisWritePayload>(ANALYSIS_CREATE, sendCreate, {
      method: 'POST',
      timeoutMs,
      onDone: async (row, body) => {
        await applyServerAnswer(row, body);
        refreshAfter(queryClient, row, false);
      },
      onDiscard,
      describe: describe('create'),
    }),
    registerSender<AnalysisWritePayload>(ANALYSIS_UPDATE, sendUpdate, {
      method: 'PUT',
      timeoutMs,
      onDone: async (row, body) => {
        await applyServerAnswer(row, body);
        refreshAfter(queryClient, row, true);
      },
      onDiscard,
      keepMine: keepMyUpdate,
      describe: describe('update'),
    }),
    registerSender<AnalysisDeletePayload>(ANALYSIS_DELETE, sendDelete, {
      method: 'DELETE',
      onDone: (row) => refreshAfter(queryClient, row, false),
      onDiscard,
      keepMine: keepMyDelete,
      describe: describe('delete'),
    }),
  ];
  return () => stops.forEach((stop) => stop());
}

/** Pulls the orders at start and on each sign-in, and loads the texts the sync indicator uses for analysis writes. */
export function startOrdersSync(queryClient: QueryClient) {
  const onAuth = (auth: AuthState | null) => {
    if (!isSignedIn(auth)) return;
    void i18n.loadNamespaces(['orders', 'analyses', 'uploads']);
    void queryClient.prefetchQuery(ordersPullQuery(auth.id));
  };
  authChangeListeners.add(onAuth);
  onAuth(readAuthState());
  return () => {
    authChangeListeners.delete(onAuth);
  };
}
