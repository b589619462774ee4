import type { z } from 'zod';
import { currentLanguage } from './i18n.ts';

export const API_BASE = '/api/v1';

/** An error answer of the API: status and the server's translated messages (first one is the one to show). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: string[],
  ) {
    super(errors[0] ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const errors =
    body && typeof body === 'object' && Array.isArray((body as { errors?: unknown }).errors)
      ? (body as { errors: unknown[] }).errors.map(String)
      : [];
  return new ApiError(response.status, errors);
}

interface RequestOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
}

/** Calls the API with cookies and the chosen language, and parses the answer with the shared schema. */
export async function apiRequest<T extends z.ZodType>(
  path: string,
  schema: T,
  { method = 'GET', body, signal }: RequestOptions = {},
): Promise<z.infer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw await errorFrom(response);
  return schema.parse(await response.json());
}
