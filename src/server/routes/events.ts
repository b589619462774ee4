import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { Headers } from '#shared/schemas/http.ts';
import { UserIdParams } from '#shared/schemas/users.ts';

const STREAM_HEADERS = {
  'Cache-Control': 'no-cache, no-transform',
  // nginx and similar proxies: pass each event on at once.
  'X-Accel-Buffering': 'no',
};

const description = [
  'Server-Sent Events (text/event-stream) for the signed-in user, starting with `retry: 5000`:',
  '`unread` `{"unread"}` on open; `notification` (id = the notification id) `{"notification", "unread"}` when one is',
  'created, its message in the Accept-Language of the request; `notification-checked` `{"id", "checked", "unread"}` when',
  'toogle_check changes one (from any tab or device); `order` `{"id"}` and `analysis` `{"id", "orderId"}` when one of the',
  "user's orders or analyses changes (created, paid, moved on by the staff…: the client pulls it); a `: ping` comment",
  'every 25 s. The stream ends when the session',
  'is signed out or revoked, and when the server shuts down; EventSource then reconnects. A reconnection with',
  '`Last-Event-ID` (the id of the last `notification` received) first gets the notifications created since (up to 100).',
].join(' ');

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:uid/events/',
    {
      // Compression would hold events back in the compressor's buffer.
      compress: false,
      schema: {
        tags: ['events'],
        summary: 'Live events of the user (Server-Sent Events)',
        description,
        params: UserIdParams,
        response: { 200: z.unknown(), 401: ErrorBody, 404: ErrorBody },
        openapi: {
          requestHeaders: { 'Last-Event-ID': { schema: Headers.lastEventId } },
          responses: { 200: { content: { 'text/event-stream': z.string().describe('Server-Sent Events, as described above') } } },
        },
      },
    },
    async (request, reply) => {
      const lastEventId = z.uuid().safeParse(request.headers['last-event-id']).data;
      const stream = app.events.open({ userId: request.params.uid, sessionId: request.user!.familyId, t: request.t, lastEventId });
      reply.raw.on('close', () => stream.close());
      return reply.headers(STREAM_HEADERS).type('text/event-stream; charset=utf-8').send(stream.body);
    },
  );
};
