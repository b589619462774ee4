import fp from 'fastify-plugin';
import { DEFAULT_PAYMENTS, DEFAULT_USD_BRL_RATE, type Config } from '../config.ts';
import { createPaymentProviders, type PaymentProvider } from '../payments/index.ts';
import { writeWebhookSecretFile } from '../payments/secret-file.ts';
import { loadWebhookSecret } from '../services/secrets.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: {
      /** Issues new bills (PAYMENTS_PROVIDER). */
      issuer: PaymentProvider;
      /** Every provider whose webhooks are taken, by the `{provider}` of the URL. */
      providers: Map<string, PaymentProvider>;
      /** BRL per USD for subscription boletos (USD_BRL_RATE). */
      usdBrlRate: string;
    };
  }
}

/** The payment providers (src/server/payments), their webhook secret read or generated once in the database. */
export const paymentsPlugin = fp<{ config: Config }>(async (app, { config }) => {
  const payments = config.payments ?? DEFAULT_PAYMENTS;
  const secret = await loadWebhookSecret(app.db, payments.webhookSecret);
  if (!payments.webhookSecret && config.database.kind === 'pglite' && config.database.dir) writeWebhookSecretFile(config.dataDir, secret);
  const providers = createPaymentProviders(payments, secret);
  app.decorate('payments', { issuer: providers.get(payments.provider)!, providers, usdBrlRate: payments.usdBrlRate ?? DEFAULT_USD_BRL_RATE });
});
