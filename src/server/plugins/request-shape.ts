import fp from 'fastify-plugin';

const toCamel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function camelizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelizeKeys);
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [toCamel(key), camelizeKeys(inner)]));
}

/**
 * Request bodies may use snake_case or camelCase keys, as in v1 (`confirmed_email` or `confirmedEmail`);
 * handlers and schemas see camelCase. No text/plain parser: a cross-site "simple" POST gets 415.
 */
export const requestShapePlugin = fp(async (app) => {
  app.removeContentTypeParser('text/plain');
  app.addHook('preValidation', async (request) => {
    if (request.body && typeof request.body === 'object') request.body = camelizeKeys(request.body);
  });
});
