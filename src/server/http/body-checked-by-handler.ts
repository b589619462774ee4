import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema.js';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * The validator of a route whose handler checks the body itself, with the same shared schema that is the
 * route's `schema.body` (so also its OpenAPI description): v1 answers some 409/403 before the fields and names
 * the refused value in its messages (services/quotes.ts, services/calculator.ts), and a multipart form is read by
 * `readForm`. The body reaches the handler as sent (request.body is typed by the schema, but unchecked:
 * read it as `unknown`); params, query and headers are checked as on every route.
 */
export function bodyCheckedByHandler<Schema>(route: FastifyRouteSchemaDef<Schema>): FastifyValidationResult {
  if (route.httpPart === 'body') return (data: unknown) => ({ value: data });
  // Fastify types `schema` by the whole route's schema object; each part's is one zod schema.
  return validatorCompiler(route as unknown as FastifyRouteSchemaDef<z.ZodType>);
}
