import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Calibration,
  CalibrationDeleted,
  CalibrationFields,
  CalibrationList,
  CalibrationParams,
  calibrationProblems,
} from '#shared/schemas/calibrations.ts';
import { ErrorBody } from '#shared/schemas/common.ts';
import { UserIdParams } from '#shared/schemas/users.ts';
import { fieldErrors, InputError } from '../errors.ts';
import { readForm, type ReadForm } from '../http/forms.ts';
import { formIdentity, imagesSourceOf, withForm } from '../http/images.ts';
import { assertIfMatch, expectedVersion, sendVersion } from '../http/etag.ts';
import { requireVerifiedEmail } from '../plugins/auth.ts';
import {
  createCalibration,
  deleteCalibration,
  getCalibration,
  listCalibrations,
  presentCalibration,
  updateCalibration,
} from '../services/calibrations.ts';
import { claimForm } from '../plugins/idempotency.ts';
import { notify } from '../services/notifications.ts';

const tags = ['calibrations'];
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 412: ErrorBody, 413: ErrorBody, 429: ErrorBody };
/** Multipart bodies are parsed by the handler; the schema only documents them. */
const formBody = z.any().describe('multipart/form-data (fields of CalibrationFields and the file `images`) or JSON with `imagesUploadId` (a finished upload of /uploads/)');

/** Validates the form's fields; stored files are removed when it is refused. */
function parseFields(form: ReadForm) {
  const parsed = CalibrationFields.safeParse(form.fields);
  if (!parsed.success) throw new InputError(parsed.error.issues);
  const problems = calibrationProblems(parsed.data);
  if (problems.length > 0) throw fieldErrors(problems.map(([field, key]) => ({ field, key })));
  return parsed.data;
}

export const calibrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:uid/calibrations/',
    { schema: { tags, summary: "The user's calibrations, newest first", params: UserIdParams, response: { 200: CalibrationList, ...errors } } },
    async (request) => {
      const rows = await listCalibrations(app.db, request.params.uid);
      return { count: rows.length, row: rows.map(presentCalibration) };
    },
  );

  app.post(
    '/users/:uid/calibrations/',
    {
      schema: {
        tags,
        summary: 'Create a calibration (send a client UUID `id`: a replay returns the same calibration)',
        params: UserIdParams,
        body: formBody,
        response: { 201: Calibration, ...errors },
      },
    },
    async (request, reply) => {
      requireVerifiedEmail(request);
      const form = await readForm(request, app.fileStore, ['images']);
      return withForm(form, async () => {
        if (await claimForm(request, reply, formIdentity(form), form.discard)) return { result: reply, keep: false };
        const { id = randomUUID(), ...input } = parseFields(form);
        const images = imagesSourceOf(form);
        if (!images) throw fieldErrors([{ field: 'images', key: 'validation.required' }]);
        const outcome = await createCalibration(app.db, request.params.uid, id, input, images);
        if (outcome.created) await notify(app.db, request.params.uid, 'success', 'calibrationCreated', { name: input.calibrationName });
        sendVersion(reply, outcome.row.version);
        reply.header('Location', `/api/v1/users/${request.params.uid}/calibrations/${id}/`);
        return { result: reply.code(201).send(presentCalibration(outcome.row)), keep: outcome.created };
      });
    },
  );

  app.get(
    '/users/:uid/calibrations/:cid/',
    { schema: { tags, summary: 'One calibration', params: CalibrationParams, response: { 200: Calibration, ...errors } } },
    async (request, reply) => {
      const row = await getCalibration(app.db, request.params.uid, request.params.cid);
      sendVersion(reply, row.version);
      return presentCalibration(row);
    },
  );

  app.put(
    '/users/:uid/calibrations/:cid/',
    {
      schema: {
        tags,
        summary: 'Replace a calibration (images optional: the stored ones stay); If-Match with the ETag refuses a stale write',
        params: CalibrationParams,
        body: formBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      requireVerifiedEmail(request);
      const row = await getCalibration(app.db, request.params.uid, request.params.cid);
      assertIfMatch(request, row.version);
      const form = await readForm(request, app.fileStore, ['images']);
      return withForm(form, async () => {
        if (await claimForm(request, reply, formIdentity(form), form.discard)) return { result: reply, keep: false };
        const { id: _ignored, ...input } = parseFields(form);
        const images = imagesSourceOf(form);
        const updated = await updateCalibration(app.db, row, input, images, expectedVersion(request));
        if (updated.replacedStorageKey) await app.fileStore.remove(updated.replacedStorageKey);
        await notify(app.db, row.userId, 'update', 'calibrationUpdated', { name: updated.row.calibrationName });
        sendVersion(reply, updated.row.version);
        return { result: reply.code(204).send(null), keep: images?.kind === 'file' };
      });
    },
  );

  app.delete(
    '/users/:uid/calibrations/:cid/',
    { schema: { tags, summary: 'Delete a calibration and its images', params: CalibrationParams, response: { 200: CalibrationDeleted, ...errors } } },
    async (request) => {
      requireVerifiedEmail(request);
      const row = await getCalibration(app.db, request.params.uid, request.params.cid);
      assertIfMatch(request, row.version);
      const storageKey = await deleteCalibration(app.db, row, expectedVersion(request));
      if (storageKey) await app.fileStore.remove(storageKey);
      await notify(app.db, row.userId, 'update', 'calibrationDeleted', { name: row.calibrationName });
      return { id: row.id, message: request.t('calibrations.deleted') };
    },
  );
};
