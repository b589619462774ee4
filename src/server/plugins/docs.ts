import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { completeDocument, refuseUndescribedBody, securitySchemes, transformRoute } from '../http/openapi.ts';

const description = [
  'The v1 contract with DoseHub fixes (docs/api.md, docs/v1-contract.md).',
  'Errors are `{"errors": [...]}` translated by Accept-Language (pt-BR, en-US, es).',
  'Signed-in routes need the `jwt-access-token` cookie (security scheme `session`); without it they answer 401.',
  'POST, PUT, PATCH and DELETE from another site are refused (403): send them same-origin (Sec-Fetch-Site, Origin).',
  'A path with a method it does not have answers 405 with `Allow`; an unknown path under /api answers 404.',
  'HEAD answers wherever GET does, with no body; a HEAD error has no body and no Content-Type (the status says why).',
  'Each JSON request and answer shows an example built from its own schema.',
  '\n\n**v1 compatibility.** Paths, field names, list shapes, cookies and messages are v1\'s. What differs, each with its reason',
  '(docs/api.md, "Deviations from v1"): every error is `{"errors": [...]}` in the request\'s language (v1 had four shapes);',
  'routes answer with or without the trailing slash; OPTIONS and unknown methods are 405 with `Allow` (tus discovery excepted);',
  'JSON everywhere and multipart only where files travel (urlencoded → 415); cross-site writes → 403; `Idempotency-Key`, a client',
  '`id` on creates and `If-Match` (412) make offline replays safe; login, registration, password reset, resend and contact',
  'are rate-limited (429 with `Retry-After`); images arrive by tus uploads (`imagesUploadId`) as well as multipart.',
].join(' ');

/** OpenAPI 3.1 document of every /api/v1 route (http/openapi.ts), with a browsable UI at /api/v1/docs/. */
export const docsPlugin = fp(async (app) => {
  app.addHook('onRoute', refuseUndescribedBody);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      servers: [{ url: '/' }],
      info: { title: 'DoseHub API', version: '1.0.0', description, license: { name: 'Proprietary', identifier: 'LicenseRef-DoseHub' } },
      components: { securitySchemes },
    },
    transform: transformRoute,
    transformObject: completeDocument,
  });
  await app.register(swaggerUi, { routePrefix: '/api/v1/docs', staticCSP: true });
});
