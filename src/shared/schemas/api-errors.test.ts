import { describe, expect, it } from 'vitest';
import { apiProblemsOf } from './api-errors.ts';

describe('apiProblemsOf: an error answer read once into data', () => {
  it('names each message\'s field in camel case, keeps general messages whole, in the server\'s order', () => {
    expect(apiProblemsOf({ errors: ['images_upload_id: O envio expirou.', 'A calibração está em uso.', 'imagesUploadId: Envio não encontrado.'] })).toEqual([
      { field: 'imagesUploadId', message: 'O envio expirou.' },
      { message: 'A calibração está em uso.' },
      { field: 'imagesUploadId', message: 'Envio não encontrado.' },
    ]);
  });

  it('any other body has no problems (the caller says what failed in its own words)', () => {
    expect(apiProblemsOf(null)).toEqual([]);
    expect(apiProblemsOf({ detail: 'x' })).toEqual([]);
    expect(apiProblemsOf('<html>')).toEqual([]);
    expect(apiProblemsOf({ errors: [] })).toEqual([]);
    expect(apiProblemsOf({ errors: ['ok', 3] })).toEqual([]);
  });
});
