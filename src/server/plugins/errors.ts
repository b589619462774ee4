import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, InputError } from '../errors.ts';
import { STORE_RETRY_AFTER_SECONDS, storeFailureOf } from '../storage/store-errors.ts';
import { IdempotentReplay, sendStoredAnswer } from './idempotency.ts';
import { useRequestLanguage } from './i18n.ts';
import { validationKey, validationMessages, zodIssueMessages } from './validation-messages.ts';
import type { trackRouteMethods } from './route-methods.ts';

const FASTIFY_CODES: Record<string, { status: number; key: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'errors.bodyTooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: 'errors.unsupportedMediaType' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: 'errors.emptyJson' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'errors.malformedJson' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, key: 'errors.badRequest' },
  // The router's refusals (frameworkErrors): a path that does not decode, a path parameter over 100 characters.
  FST_ERR_BAD_URL: { status: 400, key: 'errors.badUrl' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, key: 'errors.uriTooLong' },
};

const STATUS_KEYS: Record<number, string> = {
  400: 'errors.badRequest',
  401: 'errors.unauthenticated',
  403: 'errors.forbidden',
  404: 'errors.notFound',
  405: 'errors.methodNotAllowed',
  406: 'errors.badRequest',
  408: 'errors.requestTimeout',
  409: 'errors.conflict',
  412: 'errors.preconditionFailed',
  413: 'errors.bodyTooLarge',
  414: 'errors.uriTooLong',
  415: 'errors.unsupportedMediaType',
  422: 'errors.unprocessable',
  429: 'errors.tooManyRequests',
  431: 'errors.headersTooLarge',
};

function sendErrors(reply: FastifyReply, status: number, errors: string[], extra: Record<string, unknown> = {}) {
  return reply.code(status).type('application/json; charset=utf-8').send({ errors, ...extra });
}

function describe(error: FastifyError, request: FastifyRequest): { status: number; errors: string[] } {
  const t = request.t;
  if (error instanceof AppError) {
    const errors = error.messages.map((m) => {
      const text = t(validationKey(m.key), m.values);
      return m.field ? `${m.field}: ${text}` : text;
    });
    return { status: error.statusCode, errors };
  }
  if (error instanceof InputError) return { status: 400, errors: zodIssueMessages(error.issues, t) };
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { status: 400, errors: validationMessages(error.validation, error.validationContext, t) };
  }
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known) return { status: known.status, errors: [t(known.key)] };
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return { status: 400, errors: [t('errors.malformedJson')] };
  }
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (status >= 500 || isResponseSerializationError(error)) return { status: 500, errors: [t('errors.internal')] };
  return { status, errors: [t(STATUS_KEYS[status] ?? 'errors.badRequest')] };
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** Fastify's refusals before a route is found (bad percent-encoding, over-long parameter): our body too. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  useRequestLanguage(request, reply, request.server.translator);
  const { status, errors } = describe(error, request);
  // No hook runs for these: the HEAD rule of the onSend hook below, here.
  if (request.method === 'HEAD') return reply.code(status).send();
  return sendErrors(reply, status, errors);
}

interface ErrorsOptions {
  allowedMethods: ReturnType<typeof trackRouteMethods>['allowedMethods'];
  /** Serves the client for non-API paths (client-side routing); absent when there is no built client. */
  serveApp?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;
}

/** Every error, of every status, leaves as `{"errors": [...]}` translated by Accept-Language (docs/api.md). */
export const errorsPlugin = fp<ErrorsOptions>(async (app, { allowedMethods, serveApp }) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof IdempotentReplay) return sendStoredAnswer(reply, error.answer);
    const storeFailure = storeFailureOf(error);
    if (storeFailure) {
      request.log.error({ err: error, store: storeFailure }, 'upload store failed');
      app.metrics.storeError(storeFailure.code);
      reply.header('Retry-After', String(STORE_RETRY_AFTER_SECONDS));
      return sendErrors(reply, 503, [request.t('errors.storeUnavailable')]);
    }
    const { status, errors } = describe(error, request);
    if (status >= 500) request.log.error({ err: error }, 'unhandled error');
    if (!(error instanceof AppError)) return sendErrors(reply, status, errors);
    reply.headers(error.headers);
    return sendErrors(reply, status, errors, error.extra);
  });

  // A HEAD answer has no body, so its error names no JSON type for one (tus clients read HEAD's headers).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'HEAD' || reply.statusCode < 400) return payload;
    reply.removeHeader('content-type');
    return '';
  });

  /** 405 with Allow when a route has the path but not the method, else 404. */
  const answerUnknownApiRoute = (request: FastifyRequest, reply: FastifyReply, path: string) => {
    const allowed = allowedMethods(path);
    // A route with this method exists for the path but sent it here (an owned route's uid is not a UUID): not found.
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      reply.header('Allow', allowed.join(', '));
      return sendErrors(reply, 405, [request.t('errors.methodNotAllowed', { method: request.method })]);
    }
    return sendErrors(reply, 404, [request.t('errors.notFound')]);
  };

  app.addHook('onRequest', async (request, reply) => {
    // Fastify's own 503 while closing is not in our shape; the connection closes after this answer.
    if (closing) return sendErrors(reply, 503, [request.t('errors.restarting')]);
    // Node leaves this check to us (requireHostHeader: false) so that the refusal has our body.
    if (request.raw.httpVersion === '1.1' && !request.headers.host) return sendErrors(reply, 400, [request.t('errors.hostRequired')]);
  });

  // No route under /api: answered before the body is read (an odd method's, e.g. QUERY without a Content-Type,
  // would fail first), after the session and CSRF checks of onRequest, as before.
  app.addHook('preParsing', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (request.is404 && isApiPath(path)) return answerUnknownApiRoute(request, reply, path);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isApiPath(path)) return answerUnknownApiRoute(request, reply, path);
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(path);
    if (isPageRequest && serveApp) return serveApp(request, reply);
    return sendErrors(reply, 404, [request.t('errors.notFound')]);
  });
});
