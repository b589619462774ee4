import type { FastifyRequest } from 'fastify';
import type { NoticeContext } from '../services/notices.ts';

/** What `tellUser` needs, from the app serving this request (the mail itself goes in the user's language). */
export function noticeContext(request: FastifyRequest): NoticeContext {
  const app = request.server;
  return { db: app.db, mailer: app.mailer, translator: app.translator, baseUrl: app.mailContext(request).baseUrl, log: request.log };
}
