/**
 * v1's snake_case on the wire, camelCase in the code: bodies and form fields are read in either spelling
 * (`confirmed_email` or `confirmedEmail`) and become camelCase; error messages name fields in snake_case.
 */

/** `images_upload_id` → `imagesUploadId`. */
export const toCamel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** `imagesUploadId` → `images_upload_id`: API field names as v1 spells them in its messages. */
export const toSnake = (segment: string) => segment.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** A JSON body's keys, at every depth, in camelCase. */
export function camelizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelizeKeys);
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [toCamel(key), camelizeKeys(inner)]));
}
