import type { FastifyRequest } from 'fastify';
import type { NoticeContext } from '../services/notices.ts';
import type { PixContext } from '../services/pix.ts';
import type { RefundContext } from '../services/pix-refund.ts';

/** What `writeTellAndMail` needs, from the app serving this request (the mail itself goes in the user's language). */
export function noticeContext(request: FastifyRequest): NoticeContext {
  const app = request.server;
  return { db: app.db, translator: app.translator, baseUrl: app.mailContext(request).baseUrl };
}

/** What a PIX charge needs: the provider that issues new ones and the rate of a subscription's USD total. */
export function pixContext(request: FastifyRequest): PixContext {
  const app = request.server;
  return { ...noticeContext(request), provider: app.payments.issuer, usdBrlRate: app.payments.usdBrlRate };
}

/** What a refund needs: every provider (a charge is refunded through the one that issued it). */
export function refundContext(request: FastifyRequest): RefundContext {
  return { ...noticeContext(request), providers: request.server.payments.providers };
}
