import fp from 'fastify-plugin';
import { camelizeKeys } from '../http/wire-names.ts';


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
