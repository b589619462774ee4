import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { DEFAULT_LANGUAGE } from '#shared/languages.ts';
import type { MailContext } from '../services/account-mail.ts';
import type { CompanyMail } from '../services/mail-queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** Where quote requests and contact messages go (v1: DEFAULT_FROM_EMAIL, the sender's address), in the company's language. */
    companyMail: CompanyMail;
    /** Everything a service needs to mail this request's user, in this request's language. */
    mailContext(request: FastifyRequest): MailContext;
  }
}

export const mailPlugin = fp<{ config: Config }>(async (app, { config }) => {
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'mail'),
    log: app.log,
  });
  app.decorate('mailer', mailer);
  app.decorate('companyMail', { to: config.mailFrom, t: app.translator.forLanguage(DEFAULT_LANGUAGE) });
  app.decorate('mailContext', (request: FastifyRequest) => ({
    db: app.db,
    t: request.t,
    // Read at send time: main.ts fills publicUrl in with the listening URL when PUBLIC_URL is unset.
    // A request's Host header is never used: it would let anyone point a reset link at their own host.
    baseUrl: config.publicUrl ?? 'http://localhost',
  }));
  app.addHook('onClose', async () => mailer.close());
});
