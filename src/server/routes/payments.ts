import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { PAYMENT_PROVIDERS, SandboxPaymentEvent, WebhookAnswer } from '#shared/schemas/payments.ts';
import { AppError, appError } from '../errors.ts';
import type { WebhookOutcome } from '../metrics/registry.ts';
import { noticeContext } from '../http/notices.ts';
import { WEBHOOK_SIGNED } from '../http/openapi.ts';
import { WebhookRefused } from '../payments/provider.ts';
import { receivePayment } from '../services/payment-confirmations.ts';

/** The webhook's outcomes as the metrics name them (docs/deployment.md "Metrics"). */
const WEBHOOK_OUTCOMES = { confirmed: 'confirmed', replayed: 'replayed', alreadyPaid: 'already_paid' } as const satisfies Record<string, WebhookOutcome>;
const WEBHOOK_REFUSALS: Record<number, WebhookOutcome> = { 401: 'refused_signature', 400: 'refused_event', 404: 'refused_unknown_bill', 409: 'refused_amount' };

const WebhookParams = z.object({ provider: z.enum(PAYMENT_PROVIDERS, 'payments.unknownProvider') });

/** Payment gateways' webhooks (src/server/payments/README.md): signed by the gateway, never by a session. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: the signature covers the bytes as sent, so the JSON is parsed only once it is checked.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/payments/webhook/:provider/',
    {
      schema: {
        tags: ['payments'],
        summary:
          'A payment event from a gateway. Signed in `DoseHub-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with PAYMENTS_WEBHOOK_SECRET; ' +
          'a missing or wrong signature, or one more than 5 minutes off → 401 and nothing changes. An event id seen before → 200 `replayed`, nothing again; ' +
          "an amount other than the bill's → 409 (logged); an unknown bill → 404; `payment.confirmed` (a boleto) or `pix.received` (a PIX charge, by its txid; " +
          'the other kind of bill → 409) confirms the order or subscription (CON), and the user is notified and mailed; a PIX paid after its expiry confirms too and the company is mailed',
        params: WebhookParams,
        security: WEBHOOK_SIGNED,
        response: { 200: WebhookAnswer, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
        openapi: {
          requestBody: { 'application/json': SandboxPaymentEvent },
          responses: {
            200: { description: '`confirmed`: this event confirmed the payment; `replayed`: this event id was handled before; `alreadyPaid`: another event had paid the bill' },
            400: { description: 'Signed, but not an event of this provider (or an unknown provider)' },
            401: { description: 'DoseHub-Signature missing, not over these bytes with the secret, or more than 5 minutes off: nothing changes' },
            404: { description: 'No bill of this provider with that id (or line, or txid)' },
            409: { description: "The amount is not the bill's (logged; nothing changes), the event's kind is not the bill's (a PIX for a boleto), or a request with this Idempotency-Key is still running" },
          },
        },
      },
    },
    async (request) => {
      const provider = app.payments.providers.get(request.params.provider)!;
      try {
        let event;
        try {
          event = provider.parseWebhook(request.body as Buffer, request.headers);
        } catch (error) {
          if (!(error instanceof WebhookRefused)) throw error;
          throw error.reason === 'signature' ? appError(401, 'payments.signatureInvalid') : appError(400, 'payments.eventInvalid');
        }
        const result = await receivePayment({ ...noticeContext(request), log: request.log, companyMail: app.companyMail }, provider.name, event);
        app.metrics.webhook(provider.name, WEBHOOK_OUTCOMES[result]);
        return { result };
      } catch (error) {
        const refusal = error instanceof AppError ? WEBHOOK_REFUSALS[error.statusCode] : undefined;
        if (refusal) app.metrics.webhook(provider.name, refusal);
        throw error;
      }
    },
  );
};
