import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type nodemailerModule from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { buildMessage } from './mime.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where an answer goes (the visitor who wrote through the contact form). */
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  /** Where messages go when there is no SMTP server: one .eml file each. */
  outboxDir: string;
  log: FastifyBaseLogger;
}

const LINK = /https?:\/\/[^\s"<>]+/g;

/** Well inside the mail queue's lease (services/mail-queue.ts `MAIL_LEASE_MS`), so a stalled send ends before another process may take its row. */
export const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };
/** SMTP connections one process keeps open: mails queued together go out side by side. */
const SMTP_CONNECTIONS = 4;

type Nodemailer = typeof nodemailerModule;

/** nodemailer (~3 MB of heap) loads with the first mail sent, not at start (issue 35): most starts send none. */
function onFirstSend(create: (nodemailer: Nodemailer) => Transporter) {
  let transport: Promise<Transporter> | undefined;
  return {
    transport: () => (transport ??= import('nodemailer').then(({ default: nodemailer }) => create(nodemailer))),
    close: () => void transport?.then((created) => created.close()),
  };
}

/** Each message as an .eml file, the bytes an SMTP server would get (mime.ts): nodemailer is not needed. */
function fileMailer({ from, outboxDir, log }: MailerOptions): Mailer {
  return {
    async send(message) {
      const { raw } = buildMessage(message, from);
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID()}.eml`);
      await fs.writeFile(file, raw);
      log.info({ to: message.to, subject: message.subject, file, links: message.text.match(LINK) ?? [] }, 'mail written');
    },
    close: () => {},
  };
}

function smtpMailer({ smtpUrl, from, log }: MailerOptions): Mailer {
  // Bounded: a server that accepts the connection and then stalls fails the send (the mail queue retries it) rather than holding it for nodemailer's 10 minutes.
  // Pooled: a few connections kept open and reused, rather than a connection and its greeting for every mail. A send
  // whose connection drops fails (maxRequeues 0) rather than being re-sent by the pool: the mail queue retries it.
  const pool = { pool: true, maxConnections: SMTP_CONNECTIONS, maxRequeues: 0 } as const;
  const lazy = onFirstSend((nodemailer) => {
    const transport = nodemailer.createTransport({ url: smtpUrl!, ...pool, ...SMTP_TIMEOUTS });
    transport.on('error', (error) => log.warn({ err: error }, 'SMTP connection failed'));
    return transport;
  });
  return {
    async send(message) {
      // The message is built here (mime.ts, a third of nodemailer's CPU time per mail): nodemailer only carries it.
      await (await lazy.transport()).sendMail(buildMessage(message, from));
      log.info({ to: message.to, subject: message.subject }, 'mail sent');
    },
    close: lazy.close,
  };
}

/** SMTP when SMTP_URL is set; otherwise .eml files in the data directory, with their links in the log. */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options) : fileMailer(options);
}
