import fp from 'fastify-plugin';
import type { PrivacyFacts } from '#shared/schemas/privacy.ts';
import { DEFAULT_PAYMENTS, DEFAULT_PRIVACY, type Config } from '../config.ts';
import { privacyFacts } from '../services/privacy-notice.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 30: the versions in force, the encarregado and the processors, from the configuration. */
    privacy: PrivacyFacts;
  }
}

export const privacyPlugin = fp<{ config: Config }>(async (app, { config }) => {
  const payments = config.payments ?? DEFAULT_PAYMENTS;
  app.decorate(
    'privacy',
    privacyFacts({
      privacy: config.privacy ?? DEFAULT_PRIVACY,
      controller: payments.beneficiary,
      smtpUrl: config.smtpUrl,
      paymentsProvider: payments.provider,
      s3: config.s3 ?? null,
    }),
  );
});
