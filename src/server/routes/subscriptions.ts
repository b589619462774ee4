import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CalculatorBody, CalculatorResult } from '#shared/schemas/calculator.ts';
import { ErrorBody } from '#shared/schemas/common.ts';
import { CheckoutPreview, CheckoutPreviewQuery, Signature, SignatureBody, SignatureList, SignatureParams } from '#shared/schemas/signatures.ts';
import { UserIdParams } from '#shared/schemas/users.ts';
import { bodyCheckedByHandler } from '../http/body-checked-by-handler.ts';
import { pixContext } from '../http/notices.ts';
import { chargeSubscriptionPix } from '../services/pix.ts';
import { requireVerifiedEmail } from '../plugins/auth.ts';
import { calculate, requireCalculator } from '../services/calculator.ts';
import { BILL_DUE_DAYS } from '../services/subscription-lifecycle.ts';
import { checkoutPreview, createSubscription, getSubscription, listSubscriptions, presentSubscription, subscriptionInput } from '../services/subscriptions.ts';

const tags = ['signatures'];
const readErrors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** docs/v1-contract.md §1.15–§1.16 with docs/api.md's deviations: subscriptions and the subscribers' calculator. */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const { created, row } = await createSubscription(app.db, uid, subscriptionInput(request.body), app.companyMail);
      return reply.code(created ? 201 : 200).send(await presentSubscription(app.db, row, request.t));
    },
  );

  app.get(
    '/users/:uid/signatures/',
    { schema: { tags, summary: "The user's subscriptions, current ones first", params: UserIdParams, response: { 200: SignatureList, ...readErrors } } },
    async (request) => {
      const row = await listSubscriptions(app.db, request.params.uid, request.t);
      return { count: row.length, row };
    },
  );

  app.get(
    '/users/:uid/signatures/checkout-preview/',
    {
      schema: {
        tags,
        summary: "Before a checkout: the plan's trial end, and the boleto then (its due date, the USD total in BRL at today's rate, USD_BRL_RATE); an unknown plan → 400",
        params: UserIdParams,
        querystring: CheckoutPreviewQuery,
        response: { 200: CheckoutPreview, ...readErrors },
      },
    },
    async (request) => checkoutPreview(app.db, request.query.plan, app.payments.usdBrlRate, BILL_DUE_DAYS),
  );

  app.get(
    '/users/:uid/signatures/:sid/',
    { schema: { tags, summary: 'One subscription of the user', params: SignatureParams, response: { 200: Signature, ...readErrors } } },
    async (request) => getSubscription(app.db, request.params.uid, request.params.sid, request.t),
  );

  app.post(
    '/users/:uid/signatures/:sid/pix/',
    {
      schema: {
        tags,
        summary:
          'Pay the subscription by PIX: its PIX charge that has not expired, or a new one (the first, or the renewal of an expired one) in `bill` (`pixCode`, `expiresAt`); the payment method becomes PIX. Nothing to pay → 409; no CPF or CNPJ on the profile → 400 naming `cpf`',
        params: SignatureParams,
        response: { 200: Signature, ...readErrors, 409: ErrorBody },
      },
    },
    async (request) => {
      const row = await chargeSubscriptionPix(pixContext(request), request.params.uid, request.params.sid);
      return presentSubscription(app.db, row, request.t);
    },
  );

  const calculator = {
    schema: {
      tags,
      summary: 'Radiosynoviorthesis calculator: the activity for 100 Gy in the synovial layer (activated subscription with the benefit)',
      params: UserIdParams,
      body: CalculatorBody,
      response: { 200: CalculatorResult, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
    },
    // calculate checks the body after the subscription's 403, with v1's messages naming the refused value.
    validatorCompiler: bodyCheckedByHandler,
  };
  const calculatorHandler = async (request: { params: { uid: string }; body: unknown }) => {
    await requireCalculator(app.db, request.params.uid);
    return calculate(request.body);
  };
  // v1's spelling, and docs/api.md's spelled-out alias.
  app.post('/user/:uid/radiosynoviorthesis-calulator/', calculator, calculatorHandler);
  app.post('/users/:uid/radiosynoviorthesis-calculator/', calculator, calculatorHandler);
};
