import fp from 'fastify-plugin';
import { appError } from '../errors.ts';
import { nulCharacterAt, nulCharacterError } from '../http/nul-characters.ts';
import { camelizeKeys } from '../http/wire-names.ts';

/** Deeper JSON than any of our bodies: refused before it is walked (a recursion would run out of stack). */
const MAX_DEPTH = 32;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

function depthOf(value: unknown, limit: number): number {
  if (limit < 0 || (!Array.isArray(value) && !isPlainObject(value))) return 0;
  const inner = Object.values(value as object).map((item) => depthOf(item, limit - 1));
  return 1 + Math.max(0, ...inner);
}

/**
 * Request bodies may use snake_case or camelCase keys, as in v1 (`confirmed_email` or `confirmedEmail`);
 * handlers and schemas see camelCase. No text/plain parser: a cross-site "simple" POST gets 415. Text with a
 * NUL character is refused (a path parameter: not found), and so is JSON nested deeper than any form.
 */
export const requestShapePlugin = fp(async (app) => {
  app.removeContentTypeParser('text/plain');
  app.addHook('preValidation', async (request) => {
    if (nulCharacterAt(request.params) !== null) throw appError(404, 'errors.notFound');
    const inQuery = nulCharacterAt(request.query);
    if (inQuery !== null) throw nulCharacterError(inQuery);
    if (!request.body || typeof request.body !== 'object') return;
    if (depthOf(request.body, MAX_DEPTH) > MAX_DEPTH) throw appError(400, 'errors.tooDeep');
    const inBody = nulCharacterAt(request.body);
    if (inBody !== null) throw nulCharacterError(inBody);
    request.body = camelizeKeys(request.body);
  });
});
