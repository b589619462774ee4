import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AnalysisList } from '#shared/schemas/analyses.ts';
import { ErrorBody } from '#shared/schemas/common.ts';
import { StaffAnalysisQuery } from '#shared/schemas/staff.ts';
import { StaffAnalysis, StaffAnalysisParams, StaffStatusMove, StaleAnalysis } from '#shared/schemas/staff-analyses.ts';
import { AppError, InputError } from '../errors.ts';
import { expectedVersion, sendVersion, versionTag } from '../http/etag.ts';
import { readForm, type ReadForm } from '../http/forms.ts';
import { bodyCheckedByHandler } from '../http/body-checked-by-handler.ts';
import { filePart, withForm } from '../http/images.ts';
import { noticeContext } from '../http/notices.ts';
import { pdfOf } from '../http/pdf.ts';
import { readRefusals, sends } from '../http/openapi.ts';
import { findAnalysis, presentAnalysis, staffAnalysisPage } from '../services/analyses.ts';
import { checkMove, moveAnalysis, StaleMove, staffAnalysis, type StatusMove } from '../services/staff-analyses.ts';

const tags = ['staff'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 412: StaleAnalysis, 413: ErrorBody, 415: ErrorBody };
const readErrors = readRefusals(errors);
const statusBody = {
  'application/json': StaffStatusMove,
  'multipart/form-data': StaffStatusMove.extend({ report: filePart('The report, a PDF (to CO)').optional() }),
};

/** The move a form asks for: its fields, the status read (If-Match and/or `from`) and the report, if any. */
function moveOf(request: FastifyRequest, form: ReadForm): Omit<StatusMove, 'staffId'> {
  const parsed = StaffStatusMove.safeParse(form.fields);
  if (!parsed.success) throw new InputError(parsed.error.issues);
  const { status, from, message = '', reportUploadId } = parsed.data;
  const file = pdfOf(form.files.report, 'report');
  const report = file ? { file } : reportUploadId ? { uploadId: reportUploadId.toLowerCase() } : null;
  return { status, message, read: { version: expectedVersion(request), from }, report };
}

/** Staff and one analysis (issue 17): the queue, one analysis with what processing it needs, the status move. */
export const staffAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  /** 412 with the analysis as it is now, so the screen can show what changed. */
  const stale = async (request: FastifyRequest, current: StaleMove['current']) => {
    const name = request.t(`staff.statusNames.${current.status}`);
    const present = await staffAnalysis(app.db, current.id, request.t);
    return new AppError(412, [{ key: 'staff.staleStatus', values: { current: name } }], { ETag: versionTag(present.version) }, { current: present });
  };

  app.get(
    '/staff/analyses/',
    {
      schema: {
        tags,
        summary:
          'The analysis queue: oldest change first, a page at a time (`count` is the total); `?status=DS|AI|II|PR|CO`, `?serviceId=`, `?userId=`, `?orderId=`, `?from=`/`?to=` (days of creation, inclusive), `?sort=` (modifiedAt, createdAt, analysisName, status; `-` descending)',
        querystring: StaffAnalysisQuery,
        response: { 200: AnalysisList, ...readErrors },
      },
    },
    async (request) => {
      const { total, rows } = await staffAnalysisPage(app.db, request.query);
      return { count: total, row: rows.map(({ row, serviceId, identifyingElements }) => presentAnalysis(row, serviceId, request.t, identifyingElements)) };
    },
  );

  app.get(
    '/staff/analyses/:aid/',
    {
      schema: {
        tags,
        summary: "One analysis with its calibration, its owner, its order's code and its files' ids (download through `GET /files/{id}/`, audited); the ETag is what a move's If-Match names",
        params: StaffAnalysisParams,
        response: { 200: StaffAnalysis, ...readErrors },
        openapi: { responses: { 200: { headers: sends.etag } } },
      },
    },
    async (request, reply) => {
      const analysis = await staffAnalysis(app.db, request.params.aid, request.t);
      sendVersion(reply, analysis.version);
      return analysis;
    },
  );

  app.post(
    '/staff/analyses/:aid/status/',
    {
      schema: {
        tags,
        summary:
          'Move an analysis on, from the status read (If-Match with its ETag, or `from`; neither → 400; stale → 412 with `current`): DS → AI → II (with `message` to the user) or PR → CO (with the report: `reportUploadId`, a finished PDF upload of `/uploads/` by this staff member, or the multipart PDF `report`); the same status again updates it; other moves → 409; audited; the user is notified (and mailed for II and CO)',
        params: StaffAnalysisParams,
        body: StaffStatusMove,
        response: { 200: StaffAnalysis, ...errors },
        openapi: { requestBody: statusBody, ifMatch: true, responses: { 200: { headers: sends.etag } } },
      },
      // A JSON or multipart form, read by readForm and checked by moveOf with StaffStatusMove.
      validatorCompiler: bodyCheckedByHandler,
    },
    async (request, reply) => {
      const analysis = await findAnalysis(app.db, request.params.aid);
      const form = await readForm(request, app.fileStore, ['report']);
      const { row, replacedStorageKey } = await withForm(form, async () => {
        const move = moveOf(request, form);
        checkMove(move);
        try {
          const moved = await moveAnalysis(noticeContext(request), analysis, { ...move, staffId: request.user!.id }, request.t);
          return { result: moved, keep: move.report !== null && 'file' in move.report };
        } catch (error) {
          throw error instanceof StaleMove ? await stale(request, error.current) : error;
        }
      });
      if (replacedStorageKey) await app.fileStore.remove(replacedStorageKey);
      sendVersion(reply, row.version);
      return staffAnalysis(app.db, row.id, request.t);
    },
  );
};
