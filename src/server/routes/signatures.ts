import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CalculatorBody, CalculatorResult } from '#shared/schemas/calculator.ts';
import { ErrorBody } from '#shared/schemas/common.ts';
import { Signature, SignatureBody, SignatureList, SignatureParams } from '#shared/schemas/signatures.ts';
import { UserIdParams } from '#shared/schemas/users.ts';
import { requireVerifiedEmail } from '../plugins/auth.ts';
import { calculate, requireCalculator } from '../services/calculator.ts';
import { createSignature, getSignature, listSignatures, presentSignature, signatureInput } from '../services/signatures.ts';

const tags = ['signatures'];
const readErrors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** docs/v1-contract.md §1.15–§1.16 with docs/api.md's deviations: subscriptions and the subscribers' calculator. */
export const signatureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/:uid/signatures/',
    {
      schema: {
        tags,
        summary: 'Subscribe to a plan (checkout): price, trial and benefits from the catalog; the company mailed, the user notified',
        params: UserIdParams,
        body: SignatureBody,
        response: { 200: Signature, 201: Signature, ...readErrors, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      requireVerifiedEmail(request);
      const { uid } = request.params;
      const { created, row, mailIds } = await createSignature(app.db, uid, signatureInput(request.body), app.companyMail);
      await app.mailQueue.deliver(mailIds);
      return reply.code(created ? 201 : 200).send(await presentSignature(app.db, row, request.t));
    },
  );

  app.get(
    '/users/:uid/signatures/',
    { schema: { tags, summary: "The user's subscriptions, current ones first", params: UserIdParams, response: { 200: SignatureList, ...readErrors } } },
    async (request) => {
      const row = await listSignatures(app.db, request.params.uid, request.t);
      return { count: row.length, row };
    },
  );

  app.get(
    '/users/:uid/signatures/:sid/',
    { schema: { tags, summary: 'One subscription of the user', params: SignatureParams, response: { 200: Signature, ...readErrors } } },
    async (request) => getSignature(app.db, request.params.uid, request.params.sid, request.t),
  );

  const calculator = {
    schema: {
      tags,
      summary: 'Radiosynoviorthesis calculator: the activity for 100 Gy in the synovial layer (activated subscription with the benefit)',
      params: UserIdParams,
      body: z.unknown(),
      response: { 200: CalculatorResult, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      openapi: { requestBody: { 'application/json': CalculatorBody } },
    },
  };
  const calculatorHandler = async (request: { params: { uid: string }; body: unknown }) => {
    await requireCalculator(app.db, request.params.uid);
    return calculate(request.body);
  };
  // v1's spelling, and docs/api.md's spelled-out alias.
  app.post('/user/:uid/radiosynoviorthesis-calulator/', calculator, calculatorHandler);
  app.post('/users/:uid/radiosynoviorthesis-calculator/', calculator, calculatorHandler);
};
