import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Analysis, AnalysisDeleted, AnalysisList, AnalysisParams, ANALYSIS_FIELDS } from '#shared/schemas/analyses.ts';
import { ErrorBody } from '#shared/schemas/common.ts';
import { OrderParams } from '#shared/schemas/orders.ts';
import { fieldErrors, InputError } from '../errors.ts';
import { assertIfMatch, expectedVersion, sendVersion } from '../http/etag.ts';
import { readForm, type ReadForm } from '../http/forms.ts';
import { formIdentity, imagesSourceOf, withForm } from '../http/images.ts';
import { noticeContext } from '../http/notices.ts';
import { sendStoredFile } from '../http/send-file.ts';
import { requireVerifiedEmail } from '../plugins/auth.ts';
import { claimForm } from '../plugins/idempotency.ts';
import {
  assertCanAdd,
  createAnalysis,
  deleteAnalysis,
  findReplay,
  getAnalysis,
  listAnalyses,
  presentAnalysis,
  updateAnalysis,
  type AnalysisInput,
} from '../services/analyses.ts';
import { tellUser } from '../services/notices.ts';
import { getOrder, type OrderRow } from '../services/orders.ts';
import { appError } from '../errors.ts';
import { files } from '../db/schema.ts';
import { eq } from 'drizzle-orm';

const tags = ['analyses'];
const errors = { 400: ErrorBody, 401: ErrorBody, 402: ErrorBody, 404: ErrorBody, 409: ErrorBody, 412: ErrorBody, 413: ErrorBody, 429: ErrorBody };
/** Multipart bodies are parsed by the handler; the schema only documents them. */
const formBody = z
  .any()
  .describe("multipart/form-data (the service's fields and the file `images`) or JSON with `imagesUploadId` (a finished upload of /uploads/)");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order's service decides the fields (v1 §1.14). */
function parseFields(order: OrderRow, form: ReadForm): AnalysisInput & { id?: string } {
  const schema = ANALYSIS_FIELDS[order.serviceId as keyof typeof ANALYSIS_FIELDS];
  if (!schema) throw appError(409, 'analyses.serviceWithoutAnalyses');
  const parsed = schema.safeParse(form.fields);
  if (!parsed.success) throw new InputError(parsed.error.issues);
  return parsed.data;
}

const clientId = (form: ReadForm) => (typeof form.fields.id === 'string' && UUID.test(form.fields.id) ? form.fields.id : undefined);
const tell = (request: FastifyRequest, userId: string, kind: 'success' | 'update', key: string, name: string) =>
  tellUser(noticeContext(request), userId, { kind, key, values: { name } });

export const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:uid/orders/:oid/analysis/',
    { schema: { tags, summary: "The order's analyses, newest first", params: OrderParams, response: { 200: AnalysisList, ...errors } } },
    async (request) => {
      const order = await getOrder(app.db, request.params.uid, request.params.oid);
      const rows = await listAnalyses(app.db, order.id);
      return { count: rows.length, row: rows.map((row) => presentAnalysis(row, order.serviceId, request.t)) };
    },
  );

  app.post(
    '/users/:uid/orders/:oid/analysis/',
    {
      schema: {
        tags,
        summary: 'Send an analysis (uses one of the order’s remaining analyses; send a client UUID `id`: a replay returns the same analysis)',
        params: OrderParams,
        body: formBody,
        response: { 201: Analysis, ...errors },
      },
    },
    async (request, reply) => {
      requireVerifiedEmail(request);
      const order = await getOrder(app.db, request.params.uid, request.params.oid);
      const form = await readForm(request, app.fileStore, ['images']);
      return withForm(form, async () => {
        if (await claimForm(request, reply, formIdentity(form), form.discard)) return { result: reply, keep: false };
        // A replay of a create that already took its slot must not be refused for the slot it took.
        if (!(await findReplay(app.db, order, clientId(form)))) assertCanAdd(order);
        const { id = randomUUID(), ...input } = parseFields(order, form);
        const images = imagesSourceOf(form);
        if (!images) throw fieldErrors([{ field: 'images', key: 'validation.required' }]);
        const outcome = await createAnalysis(app.db, order, id, input, images);
        if (outcome.created) await tell(request, order.userId, 'success', 'analysisCreated', input.analysisName);
        sendVersion(reply, outcome.row.version);
        reply.header('Location', `/api/v1/users/${order.userId}/orders/${order.id}/analysis/${id}/`);
        return { result: reply.code(201).send(presentAnalysis(outcome.row, order.serviceId, request.t)), keep: outcome.created };
      });
    },
  );

  app.get(
    '/users/:uid/orders/:oid/analysis/:aid/',
    { schema: { tags, summary: 'One analysis', params: AnalysisParams, response: { 200: Analysis, ...errors } } },
    async (request, reply) => {
      const order = await getOrder(app.db, request.params.uid, request.params.oid);
      const row = await getAnalysis(app.db, order, request.params.aid);
      sendVersion(reply, row.version);
      return presentAnalysis(row, order.serviceId, request.t);
    },
  );

  app.put(
    '/users/:uid/orders/:oid/analysis/:aid/',
    {
      schema: {
        tags,
        summary: 'Replace an analysis in "Data sent" or "Invalid information" (it returns to "Data sent"; images optional); If-Match refuses a stale write',
        params: AnalysisParams,
        body: formBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      requireVerifiedEmail(request);
      const order = await getOrder(app.db, request.params.uid, request.params.oid);
      const row = await getAnalysis(app.db, order, request.params.aid);
      assertIfMatch(request, row.version);
      const form = await readForm(request, app.fileStore, ['images']);
      return withForm(form, async () => {
        if (await claimForm(request, reply, formIdentity(form), form.discard)) return { result: reply, keep: false };
        const { id: _ignored, ...input } = parseFields(order, form);
        const images = imagesSourceOf(form);
        const updated = await updateAnalysis(app.db, order, row, input, images, expectedVersion(request));
        if (updated.replacedStorageKey) await app.fileStore.remove(updated.replacedStorageKey);
        await tell(request, order.userId, 'update', 'analysisUpdated', updated.row.analysisName);
        sendVersion(reply, updated.row.version);
        return { result: reply.code(204).send(null), keep: images?.kind === 'file' };
      });
    },
  );

  app.delete(
    '/users/:uid/orders/:oid/analysis/:aid/',
    {
      schema: {
        tags,
        summary: 'Delete an analysis in "Data sent" or "Invalid information"; the order gets the analysis back',
        params: AnalysisParams,
        response: { 200: AnalysisDeleted, ...errors },
      },
    },
    async (request) => {
      requireVerifiedEmail(request);
      const order = await getOrder(app.db, request.params.uid, request.params.oid);
      const row = await getAnalysis(app.db, order, request.params.aid);
      assertIfMatch(request, row.version);
      const keys = await deleteAnalysis(app.db, row, expectedVersion(request));
      await Promise.all(keys.map((key) => app.fileStore.remove(key)));
      await tell(request, order.userId, 'update', 'analysisDeleted', row.analysisName);
      return { id: row.id, message: request.t('analyses.deleted') };
    },
  );

  app.get(
    '/users/:uid/orders/:oid/analysis/:aid/report/',
    {
      schema: { tags, summary: 'The report (PDF) of a completed analysis: its owner only', params: AnalysisParams, response: { 200: z.any(), ...errors } },
    },
    async (request, reply) => {
      const order = await getOrder(app.db, request.params.uid, request.params.oid);
      const row = await getAnalysis(app.db, order, request.params.aid);
      const [file] = row.status === 'CO' && row.reportFileId ? await app.db.select().from(files).where(eq(files.id, row.reportFileId)) : [];
      if (!file) throw appError(404, 'analyses.reportNotAvailable');
      return sendStoredFile(reply, app.fileStore, file);
    },
  );
};
