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
import { parseFormPart, parseFormWithImages } from '../http/form-checks.ts';
import { readForm, type ReadForm } from '../http/forms.ts';
import { formWithImages, withForm } from '../http/images.ts';
import { readRefusals, sends } from '../http/openapi.ts';
import { assertIfMatch, expectedVersion, sendVersion } from '../http/etag.ts';
import { requireVerifiedEmail } from '../plugins/auth.ts';
import {
  assertDosimetryIsotope,
  assertUpdatable,
  createCalibration,
  deleteCalibration,
  getCalibration,
  listCalibrations,
  presentCalibration,
  updateCalibration,
} from '../services/calibrations.ts';
import type { FileStore } from '../storage/file-store.ts';

const tags = ['calibrations'];
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 412: ErrorBody, 413: ErrorBody, 429: ErrorBody };
const readErrors = readRefusals(errors);
const form = formWithImages(CalibrationFields);

/** The isotope field of the form (docs/v1-contract.md §1.13). */
const IsotopeField = CalibrationFields.pick({ isotope: true });

/** v1 checks the isotope part of the form first, on its own: its errors come alone. */
const parseIsotope = (form: ReadForm) => parseFormPart(IsotopeField, form).isotope;

/** The rest of the form with the images, and docs/domain.md's checks across fields once each field is valid. */
async function parseFields(form: ReadForm, store: FileStore, imagesRequired: boolean) {
  const problemsOf = (fields: CalibrationFields) => calibrationProblems(fields).map(([field, key]) => ({ field, key }));
  const { fields, images } = await parseFormWithImages(CalibrationFields, form, store, imagesRequired, problemsOf);
  const { id, ...input } = fields;
  return { id, input, images };
}

export const calibrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:uid/calibrations/',
    { schema: { tags, summary: "The user's calibrations, newest first", params: UserIdParams, response: { 200: CalibrationList, ...readErrors } } },
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
        body: form.body,
        response: { 201: Calibration, ...errors },
        openapi: { ...form.openapi, responses: { 201: { headers: { ...sends.etag, ...sends.location } } } },
      },
      validatorCompiler: form.validatorCompiler,
    },
    async (request, reply) => {
      requireVerifiedEmail(request);
      const form = await readForm(request, app.fileStore, ['images']);
      const send = await withForm(form, async () => {
        // v1's order: the isotope (its form, then registered for dosimetry) → the rest of the form with the images
        // → the name's uniqueness.
        await assertDosimetryIsotope(app.db, parseIsotope(form));
        const { id = randomUUID(), input, images } = await parseFields(form, app.fileStore, true);
        const outcome = await createCalibration(app.db, request.params.uid, id, input, images!);
        sendVersion(reply, outcome.row.version);
        reply.header('Location', `/api/v1/users/${request.params.uid}/calibrations/${id}/`);
        return { result: () => reply.code(201).send(presentCalibration(outcome.row)), keep: outcome.created };
      });
      // Answered once the form's files are settled (kept, or removed from the store).
      return send();
    },
  );

  app.get(
    '/users/:uid/calibrations/:cid/',
    {
      schema: { tags, summary: 'One calibration', params: CalibrationParams, response: { 200: Calibration, ...readErrors }, openapi: { responses: { 200: { headers: sends.etag } } } },
    },
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
        body: form.body,
        response: { 204: z.null(), ...errors },
        openapi: { ...form.openapi, ifMatch: true, responses: { 204: { headers: sends.etag } } },
      },
      validatorCompiler: form.validatorCompiler,
    },
    async (request, reply) => {
      requireVerifiedEmail(request);
      const row = await getCalibration(app.db, request.params.uid, request.params.cid);
      // If-Match (docs/api.md; v1 has none) right after v1's 404: it needs the calibration, and a body sent against
      // a stale version is not stored.
      assertIfMatch(request, row.version);
      const form = await readForm(request, app.fileStore, ['images']);
      const send = await withForm(form, async () => {
        // v1's order: in use by an analysis past DS/II (409) → the isotope → the rest of the form with the images
        // → the name's uniqueness.
        await assertUpdatable(app.db, row);
        await assertDosimetryIsotope(app.db, parseIsotope(form));
        const { input, images } = await parseFields(form, app.fileStore, false);
        const updated = await updateCalibration(app.db, row, input, images, expectedVersion(request));
        if (updated.replacedStorageKey) await app.fileStore.remove(updated.replacedStorageKey);
        sendVersion(reply, updated.row.version);
        return { result: () => reply.code(204).send(null), keep: images?.kind === 'file' };
      });
      // Answered once the form's files are settled (kept, or removed from the store).
      return send();
    },
  );

  app.delete(
    '/users/:uid/calibrations/:cid/',
    {
      schema: { tags, summary: 'Delete a calibration and its images', params: CalibrationParams, response: { 200: CalibrationDeleted, ...errors }, openapi: { ifMatch: true } },
    },
    async (request) => {
      requireVerifiedEmail(request);
      const row = await getCalibration(app.db, request.params.uid, request.params.cid);
      assertIfMatch(request, row.version);
      const storageKey = await deleteCalibration(app.db, row, expectedVersion(request));
      if (storageKey) await app.fileStore.remove(storageKey);
      return { id: row.id, message: request.t('calibrations.deleted') };
    },
  );
};
