// The mail queue with several processes on one PostgreSQL database: each process (its own pool, its own SMTP
// connection) runs the retry job at the same time; FOR UPDATE SKIP LOCKED and the lease make each mail go out once.
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { outgoingMails } from '#server/db/schema.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { deliverDueMails, queueMail } from '#server/services/mail-queue.ts';
import { startSmtpCapture } from '#tests/utils/smtp.ts';
import { createTestDatabase } from '#tests/utils/test-database.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('the mail queue on PostgreSQL', () => {
  it('three processes running the job at once send each of 45 due mails exactly once', async () => {
    const smtp = await startSmtpCapture();
    cleanups.push(() => smtp.close());
    const testDb = await createTestDatabase();
    cleanups.push(() => testDb.drop());
    const processes = await Promise.all([1, 2, 3].map(() => openDatabase(testDb.database)));
    for (const database of processes) cleanups.push(() => database.close());

    const [first] = processes;
    await first!.db.transaction(async (tx) => {
      for (let n = 0; n < 45; n++) await queueMail(tx, 'contact', { to: 'empresa@dosehub.test', subject: `Contato ${n}`, text: `mensagem ${n}`, html: `<p>${n}</p>` });
    });

    const log = Fastify({ logger: { level: 'silent' } }).log;
    const senders = processes.map(({ db }) => {
      const mailer = createMailer({ smtpUrl: smtp.url, from: 'DoseHub <no-reply@dosehub.test>', outboxDir: path.join(os.tmpdir(), 'unused'), log });
      cleanups.push(() => mailer.close());
      return { db, mailer, log };
    });
    // Each process runs until it finds nothing due (a run takes at most 20).
    const drain = async (sender: (typeof senders)[number]) => {
      let sent = 0;
      for (let report = await deliverDueMails(sender); report.sent > 0; report = await deliverDueMails(sender)) sent += report.sent;
      return sent;
    };
    const sentByProcess = await Promise.all(senders.map(drain));

    expect(sentByProcess.reduce((a, b) => a + b, 0)).toBe(45);
    const subjects = smtp.messages.map((mail) => mail.subject).toSorted();
    expect(subjects).toEqual(Array.from({ length: 45 }, (_, n) => `Contato ${n}`).toSorted());
    const rows = await first!.db.select().from(outgoingMails);
    expect(rows.every((row) => row.state === 'sent' && row.attempts === 1)).toBe(true);
  });
});
