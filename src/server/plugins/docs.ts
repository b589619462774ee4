import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** OpenAPI document of every /api/v1 route, with a browsable UI at /api/v1/docs/. */
export const docsPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'DoseHub API',
        version: '1.0.0',
        description:
          'The v1 contract with DoseHub fixes. Errors are {"errors": [..]} translated by Accept-Language (pt-BR, en-US, es).',
      },
      servers: [],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/v1/docs', staticCSP: true });
});
