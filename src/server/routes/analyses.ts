import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  Analysis,
  AnalysisDeleted,
  AnalysisList,
  AnalysisParams,
  ANALYSIS_FIELDS,
  ANALYSIS_REFERENCES,
  type AnalysisReference,
  type AnalysisService,
} from '#shared/schemas/analyses.ts';
import { ErrorBody } from '#shared/schemas/common.ts';
import { OrderParams } from '#shared/schemas/orders.ts';
import { files } from '../db/schema.ts';
import { appError } from '../errors.ts';
import { assertIfMatch, expectedVersion, sendVersion } from '../http/etag.ts';
import { parseFormPart, parseFormWithImages } from '../http/form-checks.ts';
import { readForm, type ReadForm } from '../http/forms.ts';
import { formWithImages, withForm } from '../http/images.ts';
import { readRefusals, sends, storedFile } from '../http/openapi.ts';
import { sendStoredFile } from '../http/send-file.ts';
import { isUuid } from '../http/uuid.ts';
import { requireVerifiedEmail } from '../plugins/auth.ts';
import {
  assertCanAdd,
  assertEditable,
  assertReferences,
  createAnalysis,
  deleteAnalysis,
  findReplay,
  getAnalysis,
  listAnalyses,
  presentAnalysis,
  updateAnalysis,
  type AnalysisInput,
} from '../services/analyses.ts';
import { getOrder, type OrderRow } from '../services/orders.ts';
import type { FileStore } from '../storage/file-store.ts';

const tags = ['analyses'];
const errors = { 400: ErrorBody, 401: ErrorBody, 402: ErrorBody, 404: ErrorBody, 409: ErrorBody, 412: ErrorBody, 413: ErrorBody, 429: ErrorBody };
const readErrors = readRefusals(errors);
// The fields of the order's service (ANALYSIS_FIELDS): one of these forms.
const form = formWithImages(z.union([...new Set(Object.values(ANALYSIS_FIELDS))]));

function serviceOf(order: OrderRow): AnalysisService {
  if (!Object.hasOwn(ANALYSIS_FIELDS, order.serviceId)) throw appError(409, 'analyses.serviceWithoutAnalyses');
  return order.serviceId as AnalysisService;
}

/** v1 checks the calibration (dosimetry) or isotope (radiosino) part of the form first, on its own: its errors come alone. */
function parseReference(order: OrderRow, form: ReadForm): AnalysisReference {
  const schema: z.ZodType<AnalysisReference> = ANALYSIS_REFERENCES[serviceOf(order)];
  return parseFormPart(schema, form);
}

/** The rest of the service's form with the images. */
async function parseFields(order: OrderRow, form: ReadForm, store: FileStore, imagesRequired: boolean) {
  const schema: z.ZodType<AnalysisInput & { id?: string }> = ANALYSIS_FIELDS[serviceOf(order)];
  const { fields, images } = await parseFormWithImages(schema, form, store, imagesRequired);
  const { id, ...input } = fields;
  return { id, input, images };
}

const clientId = (form: ReadForm) => (isUuid(form.fields.id) ? form.fields.id : undefined);

export const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:uid/orders/:oid/analysis/',
    { schema: { tags, summary: "The order's analyses, newest first", params: OrderParams, response: { 200: AnalysisList, ...readErrors } } },
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
        body: form.body,
        response: { 201: Analysis, ...errors },
        openapi: { ...form.openapi, responses: { 201: { headers: { ...sends.etag, ...sends.location } } } },
      },
      validatorCompiler: form.validatorCompiler,
    },
    async (request, reply) => {
      requireVerifiedEmail(request);
      const order = await getOrder(app.db, request.params.uid, request.params.oid);
      const form = await readForm(request, app.fileStore, ['images']);
      const send = await withForm(form, async () => {
        // v1's order: none left (409) → payment (402) → calibration/isotope → the rest of the form.
        // A replay of a create that already took its slot must not be refused for the slot it took.
        if (!(await findReplay(app.db, order, clientId(form)))) assertCanAdd(order);
        await assertReferences(app.db, order, parseReference(order, form), 400);
        const { id = randomUUID(), input, images } = await parseFields(order, form, app.fileStore, true);
        const outcome = await createAnalysis(app.db, order, id, input, images!);
        sendVersion(reply, outcome.row.version);
        reply.header('Location', `/api/v1/users/${order.userId}/orders/${order.id}/analysis/${id}/`);
        return { result: () => reply.code(201).send(presentAnalysis(outcome.row, order.serviceId, request.t)), keep: outcome.created };
      });
      // Answered once the form's files are settled (kept, or removed from the store).
      return send();
    },
  );

  app.get(
    '/users/:uid/orders/:oid/analysis/:aid/',
    { schema: { tags, summary: 'One analysis', params: AnalysisParams, response: { 200: Analysis, ...readErrors }, openapi: { responses: { 200: { headers: sends.etag } } } } },
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
        body: form.body,
        response: { 204: z.null(), ...errors },
        openapi: { ...form.openapi, ifMatch: true, responses: { 204: { headers: sends.etag } } },
      },
      validatorCompiler: form.validatorCompiler,
    },
    async (request, reply) => {
      requireVerifiedEmail(request);
      const order = await getOrder(app.db, request.params.uid, request.params.oid);
      // Before v1's form checks, unlike v1: If-Match needs the analysis, and a missing one's body is not stored.
      const row = await getAnalysis(app.db, order, request.params.aid);
      assertIfMatch(request, row.version);
      const form = await readForm(request, app.fileStore, ['images']);
      const send = await withForm(form, async () => {
        // v1's order: calibration/isotope (a missing calibration → 404) → status (409) → the rest of the form.
        await assertReferences(app.db, order, parseReference(order, form), 404);
        assertEditable(row);
        const { input, images } = await parseFields(order, form, app.fileStore, false);
        const updated = await updateAnalysis(app.db, order, row, input, images, expectedVersion(request));
        if (updated.replacedStorageKey) await app.fileStore.remove(updated.replacedStorageKey);
        sendVersion(reply, updated.row.version);
        return { result: () => reply.code(204).send(null), keep: images?.kind === 'file' };
      });
      // Answered once the form's files are settled (kept, or removed from the store).
      return send();
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
        openapi: { ifMatch: true },
      },
    },
    async (request) => {
      requireVerifiedEmail(request);
      const order = await getOrder(app.db, request.params.uid, request.params.oid);
      const row = await getAnalysis(app.db, order, request.params.aid);
      assertIfMatch(request, row.version);
      const keys = await deleteAnalysis(app.db, row, expectedVersion(request));
      await Promise.all(keys.map((key) => app.fileStore.remove(key)));
      return { id: row.id, message: request.t('analyses.deleted') };
    },
  );

  app.get(
    '/users/:uid/orders/:oid/analysis/:aid/report/',
    {
      schema: {
        tags,
        summary: 'The report (PDF) of a completed analysis: its owner only',
        params: AnalysisParams,
        response: { 200: z.any(), ...readErrors },
        openapi: { responses: { 200: storedFile } },
      },
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
