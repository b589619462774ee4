import type { z } from 'zod';

/** One message of an error answer: a translation key (namespace `server` unless prefixed) and, for field errors, the field. */
export interface ErrorMessage {
  key: string;
  values?: Record<string, unknown>;
  /** snake_case field name; the message then reads "<field>: <text>" (v1). */
  field?: string;
}

/** An error the client should see: an HTTP status and translated messages. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messages: readonly ErrorMessage[],
    readonly headers: Record<string, string> = {},
    /** More of the answer beside `errors` (a 412's `current` record), as documented for the route. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(messages.map((m) => m.key).join(', '));
    this.name = 'AppError';
  }
}

export function appError(statusCode: number, key: string, values?: Record<string, unknown>): AppError {
  return new AppError(statusCode, [{ key, values }]);
}

/** v1's 404 for a resource the user does not have (another user's is one too), or that is gone. */
export const notFound = () => appError(404, 'errors.resourceNotFound');

/** 400 with one or more "<field>: <message>" errors. */
export function fieldErrors(messages: ErrorMessage[]): AppError {
  return new AppError(400, messages);
}

/** A form validated by hand (multipart) failed: 400 with v1's field messages. */
export class InputError extends Error {
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('invalid input');
    this.name = 'InputError';
  }
}
