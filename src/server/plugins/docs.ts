import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { completeDocument, securitySchemes, transformRoute } from '../http/openapi.ts';

const description = [
  'The v1 contract with DoseHub fixes (docs/api.md, docs/v1-contract.md).',
  'Errors are `{"errors": [...]}` translated by Accept-Language (pt-BR, en-US, es).',
  'Signed-in routes need the `jwt-access-token` cookie (security scheme `session`); without it they answer 401.',
  'POST, PUT, PATCH and DELETE from another site are refused (403): send them same-origin (Sec-Fetch-Site, Origin).',
  'A path with a method it does not have answers 405 with `Allow`; an unknown path under /api answers 404.',
].join(' ');

/** OpenAPI 3.1 document of every /api/v1 route (http/openapi.ts), with a browsable UI at /api/v1/docs/. */
export const docsPlugin = fp(async (app) => {
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
