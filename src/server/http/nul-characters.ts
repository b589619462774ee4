import { fieldErrors } from '../errors.ts';
import { toSnake } from './wire-names.ts';

const isContainer = (value: unknown): value is object => Array.isArray(value) || (value !== null && typeof value === 'object');

/** PostgreSQL text cannot hold NUL: the path (snake_case) of the first string that has one, or null. */
export function nulCharacterAt(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.map(toSnake).join('.') || 'request' : null;
  if (!isContainer(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulCharacterAt(inner, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/** v1 (Django) refuses NUL in any text field: "<field>: Null characters are not allowed." */
export const nulCharacterError = (field: string) => fieldErrors([{ key: 'validation.nullCharacters', field }]);

