/**
 * The API's error body, `{"errors": ["snake_field: message", "message", ...]}` (docs/api.md, v1's wire),
 * the server's `ErrorBody`, read once at the client's edge into data: each item names its field in the camel case both sides use,
 * or none. Nothing downstream looks for a field in a message's text. Plain code, no zod: the API client is in the
 * start-up bundle of every page, and zod loads only with the screens that need it (the bundle budget).
 */

/** One message of an error answer: the field it is about (camel case), if any, and its text without the prefix. */
export interface ApiProblem {
  field?: string;
  message: string;
}

const FIELD_PREFIX = /^([a-z][a-zA-Z0-9_.]*): ([\s\S]*)$/;

/** A wire field name as both sides' schemas name it: `measurement_datetime` → `measurementDatetime`. */
export const camelOf = (snake: string) => snake.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());

/** One wire message as data. */
export function apiProblemOf(text: string): ApiProblem {
  const match = FIELD_PREFIX.exec(text);
  return match ? { field: camelOf(match[1]!), message: match[2]! } : { message: text };
}

const isErrorBody = (body: unknown): body is { errors: string[] } => {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) && errors.length > 0 && errors.every((item) => typeof item === 'string');
};

/** An error body (`ErrorBody`) as the client uses it: its problems, in the server's order (any other body: none). */
export const apiProblemsOf = (body: unknown): ApiProblem[] => (isErrorBody(body) ? body.errors.map(apiProblemOf) : []);
