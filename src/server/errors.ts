/** An error the client should see: an HTTP status and translation keys (in the `server` namespace) with their values. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messages: ReadonlyArray<{ key: string; values?: Record<string, unknown> }>,
    readonly headers: Record<string, string> = {},
  ) {
    super(messages.map((m) => m.key).join(', '));
    this.name = 'AppError';
  }
}

export function appError(statusCode: number, key: string, values?: Record<string, unknown>): AppError {
  return new AppError(statusCode, [{ key, values }]);
}
